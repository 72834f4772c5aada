import { type ChildProcess, spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreeBasePort } from '../devnet/free-port.js';
import { describeExit, type RunningStack, StackStartError, startStack } from '../testing/stack.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { deleteStream, streamsNamed, TEST_NATS_URL, uniqueStream } from '../testing/test-stream.js';
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

const ADMIN = { email: 'first.admin.e2e@silverboard.test', password: 'first admin password 8c21d7' };

describe('make start, embedded (no DATABASE_URL, no NATS_URL)', () => {
  let stack: RunningStack;
  beforeAll(async () => {
    // As a first `make start` on a new machine: the stack migrates its new database itself.
    // XSD_WEBHOOK_ALLOW_HOSTS: the push log test's endpoint is on 127.0.0.1, which only tests may use.
    stack = await startStack({ migrateAtStart: true, env: { XSD_ADMIN_EMAIL: ADMIN.email, XSD_ADMIN_PASSWORD: ADMIN.password, XSD_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' } });
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

  it('logs JSON lines, one a request, and none holds a secret of sign-in, staff, API key, push or contact traffic', async () => {
    const call = async (path: string, init: RequestInit & { expect: number }) => {
      const response = await fetch(`${stack.url}${path}`, init);
      expect(response.status, `${init.method ?? 'GET'} ${path}`).toBe(init.expect);
      return { id: response.headers.get('x-request-id')!, body: (await response.json()) as Record<string, unknown> };
    };
    const json = { 'content-type': 'application/json' };
    const login = await call('/api/auth/login', { method: 'POST', headers: json, body: JSON.stringify(ADMIN), expect: 200 });
    const token = String(login.body.token);
    const staff = { ...json, authorization: `Bearer ${token}` };
    const editorEmail = 'new.calendar.e2e@silverboard.test';
    const created = await call('/api/admin/users', { method: 'POST', headers: staff, body: JSON.stringify({ email: editorEmail, role: 'calendar_access' }), expect: 201 });
    const apiKey = await call('/api/admin/api-keys', {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({ name: 'logs e2e', permissions: ['send_notifications'] }),
      expect: 201,
    });
    // A push service on a closed port of this machine: the push fails at once, as pushes to a gone service do.
    const endpoint = `https://127.0.0.1:${await findFreeBasePort(1)}/push/v2/endpoint-secret-${randomBytes(8).toString('hex')}`;
    const keys = { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') };
    await call('/api/push/subscriptions', { method: 'POST', headers: json, body: JSON.stringify({ subscription: { endpoint, keys } }), expect: 200 });
    const pushed = await call('/api/push/send', {
      method: 'POST',
      headers: { ...json, 'x-api-key': String(apiKey.body.key) },
      body: JSON.stringify({ payload: { title: 'Logs e2e', body: 'A broadcast' } }),
      expect: 200,
    });
    const visitorEmail = 'visitor.e2e.secret@example.test';
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: 'Vera Visitor', email: visitorEmail, subject: 'General Inquiry', message: 'Hello from the logs test' })) {
      form.append(name, value);
    }
    const contact = await call('/api/contact', { method: 'POST', body: form, expect: 201 });
    const lastIds = [created.id, apiKey.id, pushed.id, contact.id];
    await waitFor(() => lastIds.every((id) => stack.output().includes(`"reqId":"${id}"`)), {
      timeoutMs: 10_000,
      intervalMs: 100,
      message: 'the request lines of the last requests',
    });

    const lines = stack.output().trim().split('\n');
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return line;
      }
    });
    // Piped, every line is JSON but the launcher's own `devnet:` line.
    expect(parsed.filter((line) => typeof line === 'string')).toEqual([expect.stringMatching(/^devnet: seven chains on /)]);
    const entries = parsed.filter((line): line is Record<string, unknown> => typeof line !== 'string');
    expect(entries.every((entry) => entry.role === 'all' && typeof entry.time === 'string' && typeof entry.level === 'string')).toBe(true);
    expect(entries.filter((entry) => entry.reqId === contact.id)).toEqual([
      expect.objectContaining({ context: 'Http', method: 'POST', route: '/api/contact', status: 201, durationMs: expect.any(Number) }),
    ]);
    expect(entries.some((entry) => entry.context === 'PushBroadcast' && String(entry.msg).includes('0 sent, 1 failed of 1'))).toBe(true);
    const secrets = {
      password: ADMIN.password,
      'session token': token,
      "the new account's password": String(created.body.password),
      'API key': String(apiKey.body.key),
      'push endpoint': endpoint,
      "push endpoint's path": new URL(endpoint).pathname,
      p256dh: keys.p256dh,
      auth: keys.auth,
      "visitor's email": visitorEmail,
      'staff emails': editorEmail,
      "admin's email": ADMIN.email,
    };
    const output = stack.output();
    for (const [name, secret] of Object.entries(secrets)) expect(output, name).not.toContain(secret);
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

  it('leaves nothing on the shared NATS server once stopped and its stream deleted', async () => {
    expect(await streamsNamed(stream.stream)).not.toEqual([]);
    expect((await stack.stop()).code).toBe(0);
    await deleteStream(stream.stream);
    expect(await streamsNamed(stream.stream)).toEqual([]);
  });
});

describe('make start, when it cannot start', () => {
  it('refuses a data folder in use by another start in one line on stderr, and exits 1', async () => {
    const stack = await startStack();
    try {
      const port = await findFreeBasePort(1);
      const devnetBasePort = await findFreeBasePort();

      const second = await runLauncher({ ...stack.env, PORT: String(port), XSD_DEVNET_BASE_PORT: String(devnetBasePort) });

      expect(second.code).toBe(1);
      expect(second.stderr).toBe(
        `Silverboard failed to start: The embedded database in ${join(stack.env.XSD_DATA_DIR!, 'pglite')} is in use by process ${stack.pid} ` +
          '(is `make start` running?). Stop it first, or point DATABASE_URL at a PostgreSQL server.\n',
      );
      expect((await fetch(`${stack.url}/api/health`)).status).toBe(200); // the first one is untouched
    } finally {
      await stack.stop();
    }
  });

  it('says why when a devnet port is taken, exits 1 (never 13, never silent) and leaves no chain running', async () => {
    const devnetBasePort = await findFreeBasePort();
    const blocker = await listen(devnetBasePort + 3); // Polygon's port
    try {
      const start = startStack({ env: { XSD_DEVNET_BASE_PORT: String(devnetBasePort) } });

      const error = (await start.catch((reason: unknown) => reason)) as StackStartError;
      expect(error).toBeInstanceOf(StackStartError);
      expect(error.exit).toEqual({ code: 1, signal: null, killed: false });
      expect(error.output).toContain(
        `Silverboard failed to start: anvil (chain 137) exited before listening on http://127.0.0.1:${devnetBasePort + 3}`,
      );
      for (const i of [0, 1, 2, 4, 5, 6]) expect(await isListening(devnetBasePort + i)).toBe(false);
    } finally {
      blocker.close();
    }
  });
});

describe('make start, when its ops port is taken', () => {
  it('says which port in one line, exits 1 and leaves no chain running', async () => {
    const metricsPort = await findFreeBasePort(1);
    const devnetBasePort = await findFreeBasePort();
    const blocker = await listen(metricsPort);
    try {
      const start = startStack({ env: { XSD_METRICS_PORT: String(metricsPort), XSD_DEVNET_BASE_PORT: String(devnetBasePort) } });

      const error = (await start.catch((reason: unknown) => reason)) as StackStartError;
      expect(error).toBeInstanceOf(StackStartError);
      expect(error.exit).toEqual({ code: 1, signal: null, killed: false });
      expect(error.output).toContain(
        `Silverboard failed to start: the ops listener cannot listen on 127.0.0.1:${metricsPort}: the port is in use (EADDRINUSE). ` +
          'Set XSD_METRICS_PORT to a free port, or 0 to turn it off\n',
      );
      for (let i = 0; i < 7; i++) expect(await isListening(devnetBasePort + i)).toBe(false);
    } finally {
      blocker.close();
    }
  });
});

// Issue 8: starts under load sometimes ended with exit 13 and no word. Starts in a row on one
// data folder while every core is kept busy: each one serves, or says why and exits non-zero;
// each stop on SIGTERM exits 0 promptly and takes its seven chains with it. `make test` runs
// three; `make soak` runs the full twenty (XSD_SOAK_STARTS).
const STARTS = Number(process.env.XSD_SOAK_STARTS ?? 3);
describe(`make start, ${STARTS} starts and stops in a row under CPU load`, () => {
  const LOAD_MS = 240_000;
  let dataDir: string;
  let load: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'silverboard-restarts-'));
    // Busy loops on all cores but one (the start must still be able to finish in time); each
    // ends by itself after LOAD_MS, should this process die before afterAll.
    load = Array.from({ length: Math.max(1, cpus().length - 1) }, () =>
      spawn(process.execPath, ['-e', `const end = Date.now() + ${LOAD_MS}; while (Date.now() < end);`], { stdio: 'ignore' }),
    );
  });
  afterAll(async () => {
    for (const busy of load) busy.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('every start becomes healthy or fails with its reason; every stop is clean', { timeout: 420_000 }, async () => {
    const outcomes: string[] = [];
    for (let round = 1; round <= STARTS; round += 1) {
      const started = Date.now();
      let stack: RunningStack;
      try {
        stack = await startStack({ dataDir, seed: round, startTimeoutMs: 120_000 });
      } catch (error) {
        // A failed start is acceptable only with a reason and a non-zero exit of its own.
        expect(error).toBeInstanceOf(StackStartError);
        const { exit, output } = error as StackStartError;
        expect(exit, `start ${round}: ${(error as Error).message}`).toMatchObject({ signal: null, killed: false });
        expect(exit!.code, `start ${round}: ${output}`).not.toBe(0);
        expect(exit!.code, `start ${round} ended with the unsettled-await code: ${output}`).not.toBe(13);
        expect(output, `start ${round}`).toMatch(/Silverboard failed to start: \S/);
        outcomes.push(`${round}: failed (${describeExit(exit!)}): ${output.match(/Silverboard failed to start: .*/)![0]}`);
        continue;
      }
      const healthy = Date.now() - started;
      const exit = await stack.stop();

      expect(exit, `stop ${round}:\n${stack.output()}`).toEqual({ code: 0, signal: null, killed: false });
      for (let i = 0; i < 7; i += 1) {
        expect(await isListening(stack.devnetBasePort + i), `start ${round}: a chain still listens after the stop`).toBe(false);
      }
      outcomes.push(`${round}: healthy in ${healthy} ms, stopped in ${Date.now() - started - healthy} ms`);
    }
    process.stdout.write(`${outcomes.join('\n')}\n`);
    expect(outcomes).toHaveLength(STARTS);
  });
});

const LAUNCHER = fileURLToPath(new URL('../../dist/apps/start/main.js', import.meta.url));

/** Runs the built launcher to its end (it must end by itself: a refused start). */
function runLauncher(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [LAUNCHER], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
