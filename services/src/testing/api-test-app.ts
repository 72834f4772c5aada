import { type DynamicModule, type INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { NetworkConfig } from '@xsd/contracts';
import { ApiModule } from '../api/api.module.js';
import { configureHttpApp, createHttpAdapter, type HttpAdapterOptions, NEST_HTTP_OPTIONS } from '../api/http-app.js';
import { CHAIN_READER_OPTIONS, NETWORKS } from '../chains/rpc/chains.module.js';
import type { ChainReaderOptions } from '../chains/rpc/chain-reader.js';
import type { AppConfig } from '../config/config.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { CoreModule } from '../core/core.module.js';
import { ReadModelsModule } from '../read-models/read-models.module.js';
import { DATABASE, EVENT_LOG } from '../core/injection-tokens.js';
import type { DatabaseHandle } from '../database/database.js';
import type { EventLog } from '../event-log/event-log.js';
import { IngestorModule } from '../ingestor/ingestor.module.js';
import { IngestorService } from '../ingestor/ingestor.service.js';
import { LIVE_STREAM_LIMITS, type LiveStreamLimits } from '../live/live-stream-gate.js';
import type { PriceIngestorOptions } from '../ingestor/price-ingestor.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { ProjectorModule } from '../projector/projector.module.js';
import { ALL_PROJECTIONS } from '../read-models/projections.js';
import { createPgliteTestDatabase } from './test-database.js';

export interface ApiTestAppOptions {
  /** The network table to read (a test devnet's); default the devnet profile on 8545. */
  readonly networks?: readonly NetworkConfig[];
  readonly readerOptions?: Partial<ChainReaderOptions>;
  readonly clock?: Clock;
  /** Add the ingestor (not started unless `startIngestor`: the test calls `tick()`), with these options. */
  readonly ingestor?: Partial<PriceIngestorOptions>;
  /** Start the ingestor with the app, as the `all` role does (first tick at once, then every :00 and :30). */
  readonly startIngestor?: boolean;
  /** Serve a built web app from this folder, as `make start` serves web/dist (default: the API alone). */
  readonly webDir?: string;
  /** Trusted proxies and time-outs of the HTTP server. */
  readonly http?: HttpAdapterOptions;
  /** GET /api/stream's limits and heartbeat (default: the configuration's, a 30 s heartbeat). */
  readonly liveStream?: LiveStreamLimits;
  /** Days raw price and silver readings are kept (default the configuration's, 90). */
  readonly rawPriceDays?: number;
  /** Megabytes of per-query answers held (default the configuration's, 64). */
  readonly readCacheMb?: number;
}

export interface ApiTestApp {
  readonly app: INestApplication;
  readonly log: EventLog;
  readonly database: DatabaseHandle;
  readonly progress: ProjectionProgress;
  readonly ingestor: IngestorService | null;
  /** Resolves when every projection has applied everything appended so far. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export const TEST_APP_CONFIG: AppConfig = {
  databaseUrl: null,
  natsUrl: null,
  port: 0,
  networkProfile: 'devnet',
  dataDir: ':memory:',
  stream: 'XSD_EVENTS',
  subjectPrefix: '',
  admin: null,
  devnetBasePort: 8545,
  networkOverrides: {},
  trustedProxies: [],
  streamReplicas: 1,
  // No ops listener for in-process test apps: a test that wants one sets a port.
  metricsPort: 0,
  metricsHost: '127.0.0.1',
  logLevel: 'warn',
  analyticsRawDays: 90,
  rawPriceDays: 90,
  liveStreamMaxPerClient: 20,
  liveStreamMaxTotal: 10_000,
  webhookAllowHosts: [],
  publicUrl: 'http://localhost:8080',
  mail: null,
  telegram: null,
  readCacheMb: 64,
};

@Module({})
class TestRoot {}

/**
 * The API as `all` runs it (core, projector, API modules; optionally the ingestor) on an embedded
 * in-memory database, behind the same HTTP middleware, for route tests through supertest.
 */
export async function createApiTestApp(options: ApiTestAppOptions = {}): Promise<ApiTestApp> {
  const handle = await createPgliteTestDatabase();
  const root: DynamicModule = {
    module: TestRoot,
    imports: [
      CoreModule.forRoot({
        ...TEST_APP_CONFIG,
        rawPriceDays: options.rawPriceDays ?? TEST_APP_CONFIG.rawPriceDays,
        readCacheMb: options.readCacheMb ?? TEST_APP_CONFIG.readCacheMb,
      }),
      ReadModelsModule,
      ProjectorModule.forRoot({ autostart: true }),
      ...(options.ingestor ? [IngestorModule.forRoot({ autostart: options.startIngestor ?? false, options: options.ingestor })] : []),
      ApiModule,
    ],
  };
  let builder = Test.createTestingModule({ imports: [root] }).overrideProvider(DATABASE).useValue(handle);
  if (options.networks) builder = builder.overrideProvider(NETWORKS).useValue(options.networks);
  if (options.readerOptions) builder = builder.overrideProvider(CHAIN_READER_OPTIONS).useValue(options.readerOptions);
  if (options.clock) builder = builder.overrideProvider(CLOCK).useValue(options.clock);
  if (options.liveStream) builder = builder.overrideProvider(LIVE_STREAM_LIMITS).useValue(options.liveStream);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(options.http), {
    ...NEST_HTTP_OPTIONS,
    logger: ['error'],
  });
  // The same HTTP front as the real roles (headers, CSRF, compression, the web app), ahead of the routes.
  await configureHttpApp(app, { webDir: options.webDir ?? null });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const log = app.get<EventLog>(EVENT_LOG);
  const progress = app.get(ProjectionProgress);
  return {
    app,
    log,
    database: handle,
    progress,
    ingestor: options.ingestor ? app.get(IngestorService) : null,
    caughtUp: async () => {
      const last = await log.lastSequence();
      await Promise.all(ALL_PROJECTIONS.map(({ name }) => progress.waitFor(name, last, 10_000)));
    },
    close: () => app.close(),
  };
}
