import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { createEvent } from '@xsd/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureHttpApp, createHttpAdapter, NEST_HTTP_OPTIONS } from '../api/http-app.js';
import { appModules } from '../apps/app-modules.js';
import type { AppConfig } from '../config/config.js';
import { EVENT_LOG } from '../core/injection-tokens.js';
import { findFreeBasePort } from '../devnet/free-port.js';
import type { EventLog } from '../event-log/event-log.js';
import { Projector } from '../projector/projector.js';
import { TEST_APP_CONFIG } from '../testing/api-test-app.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '../testing/test-stream.js';
import { waitFor } from '../testing/wait-for.js';

const PROJECTOR_MAIN = fileURLToPath(new URL('../../dist/apps/projector/main.js', import.meta.url));

/** Every metric of issue 18 this part records, and Node's own. */
const OWN_METRICS = [
  'xsd_http_request_duration_seconds',
  'xsd_event_log_appends_total',
  'xsd_event_log_append_duration_seconds',
  'xsd_event_log_head_sequence',
];
const PROJECTION_METRICS = [
  'xsd_projection_checkpoint_sequence',
  'xsd_projection_lag_events',
  'xsd_projection_lag_seconds',
  'xsd_projection_dead_letters_total',
];
const NODE_METRICS = ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_gc_duration_seconds'];

const SYSTEM = { kind: 'system', id: 'ops-test' } as const;
const silverTick = (at: Date) =>
  createEvent('silver.ticked', { pricePerGram: 1.0123, pricePerOunce: 31.486, observedAt: at.toISOString() }, { actor: SYSTEM, now: at });

/** The samples of one metric in the exposition text (lines that start with its name). */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

/** The value of the one sample of `name` whose labels include `labels` (e.g. `projection="news"`). */
function sample(text: string, name: string, labels: string): number {
  const line = samples(text, name).find((each) => each.includes(labels));
  if (line === undefined) throw new Error(`no ${name} sample with ${labels}`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function get(url: string, init?: RequestInit): Promise<{ status: number; type: string | null; cache: string | null; text: string }> {
  const response = await fetch(url, init);
  return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), text: await response.text() };
}

interface Distributed {
  readonly database: TestDatabase;
  readonly stream: string;
  readonly config: (metricsPort: number) => AppConfig;
  /** The same settings as a service process reads them. */
  readonly env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A PostgreSQL database and a JetStream stream of their own, as the distributed roles run on. */
async function distributed(): Promise<Distributed> {
  const database = await createTestDatabase();
  const { stream, subjectPrefix } = uniqueStream('OPS');
  return {
    database,
    stream,
    config: (metricsPort) => ({ ...TEST_APP_CONFIG, databaseUrl: database.url, natsUrl: TEST_NATS_URL, stream, subjectPrefix, metricsPort }),
    env: { DATABASE_URL: database.url, NATS_URL: TEST_NATS_URL, XSD_STREAM: stream, XSD_SUBJECT_PREFIX: subjectPrefix },
    cleanup: async () => {
      await deleteStream(stream);
      await database.drop();
    },
  };
}

/** The api role as its main.ts starts it, minus the public port (requests go through inject). */
async function startApi(config: AppConfig): Promise<NestFastifyApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [appModules.api(config)] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(), { ...NEST_HTTP_OPTIONS, logger: ['error'] });
  await configureHttpApp(app, { webDir: null });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** The projector role (projections and the maintenance scheduler), started as its main.ts starts it. */
async function startProjectorRole(config: AppConfig): Promise<INestApplicationContext> {
  const moduleRef = await Test.createTestingModule({ imports: [appModules.projector(config)] }).compile();
  moduleRef.useLogger(['error']);
  return moduleRef.init();
}

describe('the ops listener of the api and projector roles (PostgreSQL + JetStream)', () => {
  let setup: Distributed;
  let api: NestFastifyApplication;
  let projector: INestApplicationContext;
  let apiOps: string;
  let projectorOps: string;
  let log: EventLog;

  beforeAll(async () => {
    setup = await distributed();
    const [apiPort, projectorPort] = [await findFreeBasePort(1), await findFreeBasePort(1)];
    api = await startApi(setup.config(apiPort));
    projector = await startProjectorRole(setup.config(projectorPort));
    apiOps = `http://127.0.0.1:${apiPort}`;
    projectorOps = `http://127.0.0.1:${projectorPort}`;
    log = api.get<EventLog>(EVENT_LOG);
  });

  afterAll(async () => {
    await projector?.close();
    await api?.close();
    await setup?.cleanup();
  });

  it('answers /livez with 200 and {"status":"ok"}, never cached', async () => {
    for (const base of [apiOps, projectorOps]) {
      const live = await get(`${base}/livez`);
      expect(live).toMatchObject({ status: 200, cache: 'no-store' });
      expect(live.type).toMatch(/^application\/json/);
      expect(JSON.parse(live.text)).toEqual({ status: 'ok' });
    }
  });

  it('exposes the event log and HTTP metrics with route templates, never raw paths, and Node defaults', async () => {
    await log.append(silverTick(new Date()));
    const fastify = api.getHttpAdapter().getInstance();
    const id = randomUUID();
    expect((await fastify.inject({ method: 'GET', url: `/api/admin/contact-submissions/${id}/photo` })).statusCode).toBe(401);
    expect((await fastify.inject({ method: 'GET', url: `/api/news/${id}` })).statusCode).toBe(404);
    expect((await fastify.inject({ method: 'GET', url: '/api/site' })).statusCode).toBe(200);

    const scrape = await get(`${apiOps}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [...OWN_METRICS, ...NODE_METRICS]) expect(scrape.text, name).toContain(`# TYPE ${name} `);
    const requests = samples(scrape.text, 'xsd_http_request_duration_seconds_count');
    expect(requests).toContainEqual(expect.stringContaining('method="GET",route="/api/admin/contact-submissions/:id/photo",status_class="4xx"'));
    expect(requests).toContainEqual(expect.stringContaining('method="GET",route="unmatched",status_class="4xx"'));
    expect(requests).toContainEqual(expect.stringContaining('method="GET",route="/api/site",status_class="2xx"'));
    expect(scrape.text).not.toContain(id);
    expect(sample(scrape.text, 'xsd_event_log_appends_total', 'type="silver.ticked"')).toBe(1);
    expect(sample(scrape.text, 'xsd_event_log_append_duration_seconds_count', 'operation="append"')).toBe(1);
    expect(sample(scrape.text, 'xsd_event_log_head_sequence', '')).toBe(await log.lastSequence());
  });

  it('exposes each projection checkpoint, lag and dead letters from the projector role', async () => {
    const names = projector.get(Projector).names;
    const head = await log.lastSequence();
    let text = '';
    await waitFor(
      async () => {
        text = (await get(`${projectorOps}/metrics`)).text;
        return names.every((name) => sample(text, 'xsd_projection_checkpoint_sequence', `projection="${name}"`) === head);
      },
      { timeoutMs: 15_000, message: 'every projection to reach the head' },
    );
    for (const name of [...PROJECTION_METRICS, ...NODE_METRICS, 'xsd_event_log_head_sequence']) expect(text, name).toContain(`# TYPE ${name} `);
    for (const name of names) {
      expect(sample(text, 'xsd_projection_checkpoint_sequence', `projection="${name}"`)).toBe(head);
      expect(sample(text, 'xsd_projection_lag_events', `projection="${name}"`)).toBe(0);
      expect(sample(text, 'xsd_projection_lag_seconds', `projection="${name}"`)).toBe(0);
      expect(sample(text, 'xsd_projection_dead_letters_total', `projection="${name}"`)).toBe(0);
    }
    // The api role runs no projector: no projection series of its own.
    expect(samples((await get(`${apiOps}/metrics`)).text, 'xsd_projection_lag_seconds')).toEqual([]);
  });

  it('is ready with each check named, skipping what the role has no part in, on the ops and the public port', async () => {
    const apiReady = await get(`${apiOps}/readyz`);
    expect(apiReady).toMatchObject({ status: 200, cache: 'no-store' });
    expect(JSON.parse(apiReady.text)).toEqual({
      status: 'ready',
      checks: {
        database: { ok: true, kind: 'postgres', latencyMs: expect.any(Number) },
        eventLog: { ok: true, adapter: 'jetstream', stream: setup.stream, lastSequence: expect.any(Number) },
        projections: { skipped: 'this process runs no projections' },
        readModels: { ok: true, latestPrices: { items: expect.any(Number) } },
      },
    });
    const projectorReady = JSON.parse((await get(`${projectorOps}/readyz`)).text);
    expect(projectorReady).toMatchObject({
      status: 'ready',
      checks: { projections: { ok: true, maxLagSeconds: 30, behind: [] }, readModels: { skipped: 'this process serves no API' } },
    });

    // The public port answers the same, outside /api, for a page of another site too (GETs pass the
    // cross-site check), never cached.
    const fastify = api.getHttpAdapter().getInstance();
    const crossSite = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    const publicLive = await fastify.inject({ method: 'GET', url: '/livez', headers: crossSite });
    expect(publicLive.statusCode).toBe(200);
    expect(publicLive.json()).toEqual({ status: 'ok' });
    expect(publicLive.headers['cache-control']).toBe('no-store');
    const publicReady = await fastify.inject({ method: 'GET', url: '/readyz', headers: crossSite });
    expect(publicReady.statusCode).toBe(200);
    expect(publicReady.headers['cache-control']).toBe('no-store');
    expect(Object.keys(publicReady.json().checks)).toEqual(['database', 'eventLog', 'projections', 'readModels']);
    expect((await fastify.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('given a stopped projector and events two minutes old, then the projector role is not ready and says how far behind', async () => {
    const held = projector.get(Projector);
    await held.stop();
    try {
      await log.appendMany([silverTick(new Date(Date.now() - 120_000)), silverTick(new Date(Date.now() - 60_000))]);
      const head = await log.lastSequence();

      const notReady = await get(`${projectorOps}/readyz`);
      expect(notReady.status).toBe(503);
      const report = JSON.parse(notReady.text);
      expect(report.status).toBe('not_ready');
      expect(report.checks.database.ok).toBe(true);
      expect(report.checks.projections).toMatchObject({ ok: false, head, maxLagSeconds: 30 });
      const silver = report.checks.projections.behind.find((each: { name: string }) => each.name === 'silver_prices');
      expect(silver).toEqual({ name: 'silver_prices', checkpoint: head - 2, lagEvents: 2, lagSeconds: expect.any(Number) });
      expect(silver.lagSeconds).toBeGreaterThanOrEqual(120);

      const { text } = await get(`${projectorOps}/metrics`);
      expect(sample(text, 'xsd_projection_lag_events', 'projection="silver_prices"')).toBe(2);
      expect(sample(text, 'xsd_projection_lag_seconds', 'projection="silver_prices"')).toBeGreaterThanOrEqual(120);
      // The api role has no projections to hold back: still ready.
      expect((await get(`${apiOps}/readyz`)).status).toBe(200);
    } finally {
      await held.start();
    }
    await waitFor(async () => (await get(`${projectorOps}/readyz`)).status === 200, { timeoutMs: 15_000, message: 'ready again once caught up' });
  });

  it('answers an unknown path with 404 and another method with 405, in the JSON error shape', async () => {
    const missing = await get(`${apiOps}/metrics/extra`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({ error: { code: 'not_found', message: expect.stringContaining('/metrics, /livez and /readyz') } });
    const post = await fetch(`${apiOps}/metrics`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect(await post.json()).toEqual({ error: { code: 'method_not_allowed', message: '/metrics takes GET only.' } });
  });
});

describe('readiness with a broken database (PostgreSQL refusing connections)', () => {
  let setup: Distributed;
  let api: INestApplication | undefined;
  let ops: string;

  beforeAll(async () => {
    setup = await distributed();
    const port = await findFreeBasePort(1);
    api = await startApi(setup.config(port));
    ops = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await api?.close();
    await setup?.cleanup();
  });

  it('answers 503 naming the database while it is unreachable, and 200 once it is back', async () => {
    expect((await get(`${ops}/readyz`)).status).toBe(200);
    const name = new URL(setup.database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: setup.database.url.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    try {
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      const broken = await get(`${ops}/readyz`);
      expect(broken.status).toBe(503);
      const report = JSON.parse(broken.text);
      expect(report).toMatchObject({ status: 'not_ready', checks: { database: { ok: false, error: expect.any(String) } } });
      const live = await get(`${ops}/livez`);
      expect(live.status).toBe(200);
    } finally {
      await admin.query(`alter database "${name}" allow_connections true`);
      await admin.end();
    }
    await waitFor(async () => (await get(`${ops}/readyz`)).status === 200, { timeoutMs: 10_000, message: 'ready again with the database back' });
  });

  it('closes the listener with the application, a scraper\'s kept-alive connection included', async () => {
    // fetch keeps its connection open after an answer, as Prometheus does between scrapes.
    expect((await fetch(`${ops}/metrics`)).status).toBe(200);
    await api!.close();
    api = undefined;
    await expect(fetch(`${ops}/livez`)).rejects.toThrow();
  });
});

describe('an ops port already taken', () => {
  let setup: Distributed;
  let taken: Server;
  let port: number;

  beforeAll(async () => {
    setup = await distributed();
    port = await findFreeBasePort(1);
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => taken?.close(resolve));
    await setup?.cleanup();
  });

  it('fails the start of the built service with one clear line and exit code 1', async () => {
    const child = spawn(process.execPath, [PROJECTOR_MAIN], {
      env: { ...process.env, ...setup.env, XSD_METRICS_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Silverboard failed to start: the ops listener cannot listen on 127.0.0.1:${port}: the port is in use (EADDRINUSE). ` +
        'Set XSD_METRICS_PORT to a free port, or 0 to turn it off',
    ]);
  });
});
