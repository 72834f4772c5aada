import { type DynamicModule, type INestApplication, type LoggerService, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { LoginResponse } from '@xsd/contracts/api/auth';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AnalyticsRetentionModule } from '../analytics/analytics-retention.module.js';
import { ApiModule } from '../api/api.module.js';
import { configureHttpApp, createHttpAdapter, type HttpAdapterOptions, NEST_HTTP_OPTIONS } from '../api/http-app.js';
import type { AppConfig } from '../config/config.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { CoreModule } from '../core/core.module.js';
import { ReadModelsModule } from '../read-models/read-models.module.js';
import { DATABASE, EVENT_LOG } from '../core/injection-tokens.js';
import type { DatabaseHandle } from '../database/database.js';
import type { EventLog } from '../event-log/event-log.js';
import { ProjectorModule } from '../projector/projector.module.js';
import { MaintenanceScheduler } from '../site/maintenance-scheduler.js';
import { MaintenanceSchedulerModule } from '../site/maintenance-scheduler.module.js';
import type { Pipeline } from './pipeline.js';
import { TEST_APP_CONFIG } from './api-test-app.js';

/** The root admin most staff tests bootstrap (`admin`) and sign in as. */
export const TEST_ROOT_ADMIN = { email: 'root@silverboard.test', password: 'root password 1' } as const;

export interface StaffTestAppOptions {
  /** XSD_ADMIN_EMAIL / XSD_ADMIN_PASSWORD. */
  readonly admin?: { readonly email: string; readonly password: string } | null;
  /** Settings on top of the test configuration, e.g. `mail` pointing at a loopback SMTP server. */
  readonly config?: Partial<AppConfig>;
  readonly clock?: Clock;
  /** 'manual' (default): the schedulers are there but only `scheduler.check()` (or AnalyticsRetention's `prune()`) runs them. */
  readonly scheduler?: 'manual' | 'auto';
  /** Leave the projector out (a second process next to one that runs it). */
  readonly projector?: boolean;
  /** The whole API (default) or just the scheduler, as the projector role has it. */
  readonly api?: boolean;
  readonly logger?: LoggerService | false;
  /** Trusted proxies and time-outs of the HTTP server. */
  readonly http?: HttpAdapterOptions;
  /** Providers replaced by value, e.g. PUSH_HTTPS_AGENT with an agent trusting the loopback push receiver. */
  readonly overrides?: readonly { readonly provide: unknown; readonly useValue: unknown }[];
  /** Called for every route the server registers (method and URL pattern), e.g. to test them all. */
  readonly onRoute?: (route: { readonly method: string | string[]; readonly url: string }) => void;
}

export interface StaffTestApp {
  readonly app: INestApplication;
  readonly scheduler: MaintenanceScheduler;
  http(): ReturnType<typeof request>;
  /** Signs in through the route and returns its answer (token, user). */
  login(email: string, password: string): Promise<LoginResponse>;
  close(): Promise<void>;
}

@Module({})
class TestRoot {}

function testConfig({ admin, config }: StaffTestAppOptions): AppConfig {
  return { ...TEST_APP_CONFIG, ...config, admin: admin ?? null };
}

/** The pipeline's log, which the pipeline closes itself (after the app). */
function unclosable(log: EventLog): EventLog {
  return new Proxy(log, {
    get(target, property) {
      if (property === 'close') return async () => undefined;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The application as the `all` role builds it (core, projector, scheduler, API) on a test
 * pipeline, embedded or JetStream + PostgreSQL, for route tests through supertest. The pipeline
 * owns the database and the log: close the app first, then clean the pipeline up.
 */
export async function createStaffTestApp(pipeline: Pipeline, options: StaffTestAppOptions = {}): Promise<StaffTestApp> {
  const database: DatabaseHandle = {
    db: pipeline.db,
    kind: pipeline.kind === 'embedded' ? 'pglite' : 'postgres',
    close: async () => undefined,
  };
  const root: DynamicModule = {
    module: TestRoot,
    imports: [
      CoreModule.forRoot(testConfig(options)),
      ReadModelsModule,
      ...(options.projector === false ? [] : [ProjectorModule.forRoot({ autostart: true })]),
      MaintenanceSchedulerModule.forRoot({ autostart: options.scheduler === 'auto' }),
      AnalyticsRetentionModule.forRoot({ autostart: options.scheduler === 'auto' }),
      ...(options.api === false ? [] : [ApiModule]),
    ],
  };
  let builder = Test.createTestingModule({ imports: [root] })
    .overrideProvider(DATABASE)
    .useValue(database)
    .overrideProvider(EVENT_LOG)
    .useValue(unclosable(pipeline.log));
  if (options.clock) builder = builder.overrideProvider(CLOCK).useValue(options.clock);
  for (const { provide, useValue } of options.overrides ?? []) builder = builder.overrideProvider(provide).useValue(useValue);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(options.http), {
    ...NEST_HTTP_OPTIONS,
    logger: options.logger ?? ['error'],
  });
  if (options.onRoute) app.getHttpAdapter().getInstance().addHook('onRoute', options.onRoute);
  await configureHttpApp(app, { webDir: null });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const http = () => request(app.getHttpServer());
  return {
    app,
    scheduler: app.get(MaintenanceScheduler),
    http,
    async login(email, password) {
      const response = await http().post('/api/auth/login').send({ email, password });
      if (response.status !== 200) throw new Error(`login of ${email} answered ${response.status}: ${JSON.stringify(response.body)}`);
      return response.body as LoginResponse;
    },
    close: () => app.close(),
  };
}
