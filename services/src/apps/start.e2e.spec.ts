import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStack, startStack } from '../testing/stack.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '../testing/test-stream.js';
import { waitFor } from '../testing/wait-for.js';

interface Health {
  status: string;
  database: { status: string; kind: string };
  eventLog: { status: string; adapter: string; stream: string; lastSequence: number };
  projections: { status: string; items: { name: string; checkpoint: number; lag: number }[] };
}

async function health(stack: RunningStack): Promise<Health> {
  const response = await fetch(`${stack.url}/api/health`);
  expect(response.status).toBe(200);
  return (await response.json()) as Health;
}

/** Once the ingestor's first tick is in, every projection has caught up with the log. */
async function caughtUp(stack: RunningStack): Promise<Health> {
  let last: Health | undefined;
  await waitFor(
    async () => {
      last = await health(stack);
      return last.eventLog.lastSequence > 0 && last.projections.items.every((item) => item.lag === 0);
    },
    { timeoutMs: 60_000, intervalMs: 250, message: 'ticks to be logged and projected' },
  );
  return last!;
}

describe('make start, embedded (no DATABASE_URL, no NATS_URL)', () => {
  let stack: RunningStack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('runs on PGlite with the log in a table, migrated at start, and projects the devnet ticks', async () => {
    const report = await caughtUp(stack);

    expect(report.status).toBe('ok');
    expect(report.database).toMatchObject({ status: 'ok', kind: 'pglite' });
    expect(report.eventLog).toMatchObject({ status: 'ok', adapter: 'embedded' });
    expect(report.projections.items.map((item) => item.name)).toEqual(
      expect.arrayContaining(['price_history', 'price_candles', 'silver_prices', 'site_settings']),
    );
  });

  it('serves the web app and its version file from the same port', async () => {
    const page = await fetch(`${stack.url}/calendar`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const version = await fetch(`${stack.url}/version.json`);
    expect(version.headers.get('cache-control')).toBe('no-store');
    expect(await version.json()).toHaveProperty('version');
  });

  it('answers an unknown API path with the JSON error shape', async () => {
    const response = await fetch(`${stack.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });
});

describe('make start, distributed (DATABASE_URL and NATS_URL set)', () => {
  let stack: RunningStack;
  let database: TestDatabase;
  const stream = uniqueStream('E2E');

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    stack = await startStack({
      env: {
        DATABASE_URL: database.url,
        NATS_URL: TEST_NATS_URL,
        XSD_STREAM: stream.stream,
        XSD_SUBJECT_PREFIX: stream.subjectPrefix,
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await deleteStream(stream.stream);
    await database?.drop();
  });

  it('migrates an empty PostgreSQL database, logs to JetStream and projects the devnet ticks', async () => {
    const report = await caughtUp(stack);

    expect(report.status).toBe('ok');
    expect(report.database).toMatchObject({ status: 'ok', kind: 'postgres' });
    expect(report.eventLog).toMatchObject({ status: 'ok', adapter: 'jetstream', stream: stream.stream });
  });
});
