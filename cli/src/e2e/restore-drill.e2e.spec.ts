import { createECDH, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import { openDatabase } from '@xsd/services/database/database';
import { ALL_PROJECTIONS } from '@xsd/services/read-models/projections';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { tableChecksum } from '@xsd/services/testing/table-checksum';
import { createTestDatabase, seedPgliteDataDir, type TestDatabase } from '@xsd/services/testing/test-database';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '@xsd/services/testing/test-stream';
import { waitFor } from '@xsd/services/testing/wait-for';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xsd } from '../testing/run-xsd.js';

const ROOT = { email: 'root@silverboard.test', password: 'root password 1' };
const EDITOR = { email: 'editor@silverboard.test', password: 'editor password 1' };
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const TABLES = [...new Set(ALL_PROJECTIONS.flatMap((projection) => projection.tables))].sort();
const CHAINS = ['Ethereum', 'BSC', 'Arbitrum', 'Polygon', 'Optimism', 'Base', 'Avalanche'];

type Settings = Record<string, string>;

/** Every read model's checksum, timestamps printed in UTC whatever the server's time zone. */
async function readModels(db: Kysely<any>): Promise<Record<string, { rows: number; md5: string }>> {
  return db.transaction().execute(async (trx) => {
    await sql`set local timezone = 'UTC'`.execute(trx);
    const sums: Record<string, { rows: number; md5: string }> = {};
    for (const table of TABLES) sums[table] = await tableChecksum(trx, table);
    return sums;
  });
}

/** The lowest checkpoint of the projections: every read model has projected the log up to it. */
async function projectedThrough(db: Kysely<any>): Promise<number> {
  const rows = await db.selectFrom('projection_checkpoints').select(['name', 'sequence']).execute();
  const byName = new Map(rows.map((row) => [row.name as string, Number(row.sequence)]));
  return Math.min(...ALL_PROJECTIONS.map((projection) => byName.get(projection.name) ?? 0));
}

describe('the restore drill: distributed to embedded and back, through xsd events export / import', () => {
  let work: string;
  let source: TestDatabase;
  let target: TestDatabase;
  const streams = [uniqueStream('DRILL'), uniqueStream('DRILL')];
  /** A stack with no chain to read: it appends nothing by itself, so the log stays as imported. */
  let quietNetworks: Settings;
  const stacks: RunningStack[] = [];

  const distributed = (database: TestDatabase, stream: (typeof streams)[number]): Settings => ({
    DATABASE_URL: database.url,
    NATS_URL: TEST_NATS_URL,
    XSD_STREAM: stream.stream,
    XSD_SUBJECT_PREFIX: stream.subjectPrefix,
  });
  const embedded = (dataDir: string): Settings => ({ XSD_DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '' });

  async function start(options: Parameters<typeof startStack>[0]): Promise<RunningStack> {
    const stack = await startStack(options);
    stacks.push(stack);
    return stack;
  }
  async function stop(stack: RunningStack): Promise<void> {
    stacks.splice(stacks.indexOf(stack), 1);
    expect((await stack.stop()).code).toBe(0);
  }

  /** JSON to the stack; fails the test on anything but `expected`. */
  async function call<T>(stack: RunningStack, method: string, path: string, token: string | null, body?: unknown, expected = 200): Promise<T> {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBe(expected);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const signIn = async (stack: RunningStack, who: { email: string; password: string }) =>
    (await call<{ token: string }>(stack, 'POST', '/api/auth/login', null, who)).token;

  /** `xsd login` as root into a config folder of its own, then `xsd events export --out`. */
  async function exportWithCli(stack: RunningStack, out: string): Promise<{ through: number; stdout: string }> {
    const configDir = await mkdtemp(join(work, 'config-'));
    const env = { XSD_API_URL: stack.url, XSD_CONFIG_DIR: configDir };
    expect(xsd(['login', '--email', ROOT.email, '--password', ROOT.password], env).status).toBe(0);
    const run = xsd(['events', 'export', '--out', out], env);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect((await stat(out)).mode & 0o777).toBe(0o600);
    const through = Number(/exported events 1\.\.(\d+) /.exec(run.stdout)?.[1]);
    expect(through).toBeGreaterThan(0);
    return { through, stdout: run.stdout };
  }

  function importWithCli(file: string, settings: Settings): void {
    const run = xsd(['events', 'import', file], settings);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^imported [\d,]+ events and 1 photo\(s\); start the services/);
  }

  /** The contact photo as staff see it: byte for byte the one sent. */
  async function photoMatches(stack: RunningStack, token: string): Promise<void> {
    const { items } = await call<{ items: { photo_url: string | null }[] }>(stack, 'GET', '/api/admin/contact-submissions', token);
    expect(items).toHaveLength(1);
    const photo = await fetch(`${stack.url}${items[0].photo_url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(PNG);
  }

  /**
   * Starts a restored deployment, checks the photo with a session token of the source (sessions
   * are in the log too; signing in now would append), stops it once its projections reached
   * `through`, and returns its read models.
   */
  async function rebuiltReadModels(settings: Settings, through: number, token: string, open: () => Promise<{ db: Kysely<any>; close(): Promise<void> }>) {
    for (let attempt = 0; ; attempt += 1) {
      const stack = await start({ env: { ...settings, ...quietNetworks }, dataDir: settings.XSD_DATA_DIR || undefined });
      await waitFor(async () => ((await (await fetch(`${stack.url}/api/news`)).json()) as { items: unknown[] }).items.length > 0, {
        timeoutMs: 30_000,
        message: 'restored news',
      });
      // Each projection catches up on its own: the sessions may come in after the news.
      await waitFor(async () => (await photoMatches(stack, token), true), { timeoutMs: 30_000, intervalMs: 100, message: 'the photo, with the restored session' });
      await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
      await stop(stack);
      const database = await open();
      try {
        if ((await projectedThrough(database.db)) >= through || attempt === 3) {
          expect(await projectedThrough(database.db)).toBe(through);
          return await readModels(database.db);
        }
      } finally {
        await database.close();
      }
    }
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'xsd-drill-'));
    const networksFile = join(work, 'networks.json');
    // A closed port: the restored stacks' ingestors fail and append nothing (their status is not in the log).
    await writeFile(networksFile, JSON.stringify(Object.fromEntries(CHAINS.map((chain) => [chain, { rpcUrls: ['http://127.0.0.1:9'] }]))));
    quietNetworks = { XSD_NETWORK_PROFILE: 'mainnet', XSD_NETWORKS_FILE: networksFile };
    [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });

  afterAll(async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
    await Promise.all([source?.drop(), target?.drop(), ...streams.map((stream) => deleteStream(stream.stream))]);
    await rm(work, { recursive: true, force: true });
  });

  it('restores a distributed deployment with real traffic into embedded, then that into distributed: every read model, photo and password', async () => {
    const origin = distributed(source, streams[0]);
    const stack = await start({ env: { ...origin, XSD_ADMIN_EMAIL: ROOT.email, XSD_ADMIN_PASSWORD: ROOT.password } });
    await waitFor(
      async () => ((await (await fetch(`${stack.url}/api/prices/latest`)).json()) as { items: { price: number | null }[] }).items.some((item) => item.price !== null),
      { timeoutMs: 60_000, message: 'devnet prices' },
    );

    // Staff actions of every kind, as root and as an admin with a password of their own.
    const root = await signIn(stack, ROOT);
    const created = await call<CreateStaffAccountResponse>(stack, 'POST', '/api/admin/users', root, { email: EDITOR.email, role: 'admin' }, 201);
    const first = await signIn(stack, { email: EDITOR.email, password: created.password });
    await call(stack, 'POST', '/api/auth/password', first, { currentPassword: created.password, newPassword: EDITOR.password, confirmPassword: EDITOR.password });
    const editor = await signIn(stack, EDITOR);
    await call(stack, 'POST', '/api/admin/news', editor, { title: 'Restored', content: 'From a backup' }, 201);
    await call(stack, 'POST', '/api/admin/calendar-events', editor, { title: 'Audit', start_date: '2026-12-01' }, 201);
    await call(stack, 'POST', '/api/admin/api-keys', root, { name: 'Partner' }, 201);
    await call(stack, 'PATCH', '/api/admin/chains/Polygon', root, { display_name: 'Polygon PoS' });
    await call(stack, 'PUT', '/api/admin/site', root, { maintenance_mode: true, maintenance_message: 'Backing up' });
    await call(stack, 'PUT', '/api/admin/site', root, { maintenance_mode: false });
    await call(stack, 'PUT', '/api/auth/preferences', editor, { theme: 'amber' });
    // Visitors: a contact message with a photo, a push subscription, analytics beacons.
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: 'Ada', email: 'ada@example.test', subject: 'Bug Report', message: 'See the photo' })) form.append(name, value);
    form.append('photo', new Blob([PNG], { type: 'image/png' }), 'shot.png');
    expect((await fetch(`${stack.url}/api/contact`, { method: 'POST', body: form })).status).toBeLessThan(300);
    const subscription = {
      endpoint: `https://push.example.test/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    const preferences = { priceAlerts: false, silverAlerts: false, calendarEvents: true, systemUpdates: true };
    await call(stack, 'POST', '/api/push/subscriptions', null, { subscription, preferences, alerts: { token: [], silver: [], calendar: [] } });
    for (const page of ['/', '/calendar', '/contact']) {
      const beacon = await fetch(`${stack.url}/api/analytics`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ page, visitor_id: 'visitor-drill-01' }),
      });
      expect(beacon.status).toBeLessThan(300);
    }

    // Refusals in one line: a role without the permission, a since past the log.
    const editorDir = await mkdtemp(join(work, 'editor-'));
    expect(xsd(['login', '--email', EDITOR.email, '--password', EDITOR.password], { XSD_API_URL: stack.url, XSD_CONFIG_DIR: editorDir }).status).toBe(0);
    const forbidden = xsd(['events', 'export', '--out', join(work, 'forbidden.ndjson')], { XSD_API_URL: stack.url, XSD_CONFIG_DIR: editorDir });
    expect([forbidden.status, forbidden.stderr]).toEqual([1, 'xsd: Forbidden: Your role (Admin) does not allow the event_log permission.\n']);
    expect(existsSync(join(work, 'forbidden.ndjson'))).toBe(false);

    // Export once the read models have taken it all in, then stop: the source is then exactly the export.
    const file = join(work, 'distributed.ndjson.gz');
    let through = 0;
    let expected: Awaited<ReturnType<typeof readModels>> = {};
    for (let running: RunningStack | null = stack; ; running = await start({ env: origin })) {
      await waitFor(async () => (await projectedThrough(source.handle.db)) > 0 && (await analyticsSettled(source.handle.db)), {
        timeoutMs: 30_000,
        message: 'the source read models',
      });
      await rm(file, { force: true });
      ({ through } = await exportWithCli(running, file));
      await stop(running);
      // An ingest tick between the export and the stop would make the source longer than the export: once more then.
      if ((await projectedThrough(source.handle.db)) === through) break;
    }
    expected = await readModels(source.handle.db);
    expect(expected.contact_submissions.rows).toBe(1);
    expect(expected.notification_subscriptions.rows).toBe(1);
    expect(expected.price_history.rows).toBeGreaterThan(0);

    // Into a fresh embedded data folder.
    const dataDir = await mkdtemp(join(work, 'embedded-'));
    await seedPgliteDataDir(dataDir);
    importWithCli(file, embedded(dataDir));
    const restored = await rebuiltReadModels(embedded(dataDir), through, root, () => openDatabase({ dataDir }));
    expect(restored).toEqual(expected);

    // Both staff members sign in with their old passwords.
    const embeddedStack = await start({ env: { ...embedded(dataDir), ...quietNetworks }, dataDir });
    const embeddedRoot = await signIn(embeddedStack, ROOT);
    await photoMatches(embeddedStack, await signIn(embeddedStack, EDITOR));

    // And back: from the embedded deployment into a fresh distributed one.
    const second = join(work, 'embedded.ndjson');
    const back = await exportWithCli(embeddedStack, second);
    await stop(embeddedStack);
    const embeddedDb = await openDatabase({ dataDir });
    const again = await readModels(embeddedDb.db).finally(() => embeddedDb.close());
    const destination = distributed(target, streams[1]);
    importWithCli(second, destination);
    expect(await rebuiltReadModels(destination, back.through, embeddedRoot, () => openDatabase({ url: target.url }))).toEqual(again);
  });

  it('answers bad input to both commands with one line and a non-zero exit, and writes nothing', async () => {
    const env = { XSD_API_URL: 'http://127.0.0.1:9', XSD_CONFIG_DIR: await mkdtemp(join(work, 'nobody-')) };
    const existing = join(work, 'existing.ndjson');
    await writeFile(existing, 'mine');
    const truncated = join(work, 'truncated.ndjson');
    await writeFile(truncated, '{"sequence":1,"id":"0190');
    const cases: [string[], number, RegExp][] = [
      [['events', 'export', '--since', '0'], 2, /^xsd: --since must be a whole number of at least 1 \(an event sequence\), got '0'$/],
      [['events', 'export', '--since', 'abc'], 2, /^xsd: --since must be a whole number/],
      [['events', 'export', '--out', existing], 2, /^xsd: .*existing\.ndjson exists: an export never overwrites a file/],
      [['events', 'export', '--out', join(work, 'nope', 'x.ndjson')], 2, /^xsd: Cannot create .*x\.ndjson: ENOENT/],
      [['events', 'export', '--out', join(work, 'unsigned.ndjson')], 1, /^xsd: Not signed in to http:\/\/127\.0\.0\.1:9: run 'xsd login' first\.$/],
      [['events', 'import'], 2, /^xsd: missing required argument 'files'$/],
      [['events', 'import', join(work, 'missing.ndjson')], 1, /^xsd: .*missing\.ndjson: no such file$/],
      [['events', 'import', truncated], 1, /^xsd: .*truncated\.ndjson: it ends in the middle of a line: truncated$/],
      [['events', 'import', existing], 1, /^xsd: .*existing\.ndjson: it ends in the middle of a line: truncated$/],
    ];
    const dataDir = join(work, `never-${randomBytes(4).toString('hex')}`);
    for (const [args, status, message] of cases) {
      const run = xsd(args, { ...env, XSD_DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '' });
      expect([run.status, run.stdout], args.join(' ')).toEqual([status, '']);
      expect(run.stderr.trimEnd(), args.join(' ')).toMatch(message);
      expect(run.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect(existsSync(join(work, 'unsigned.ndjson'))).toBe(false);
    expect(await readFile(existing, 'utf8')).toBe('mine');
    expect(existsSync(dataDir)).toBe(false);
  });
});

/** The analytics beacons are buffered before they are appended: wait until they are projected. */
async function analyticsSettled(db: Kysely<any>): Promise<boolean> {
  const row = await db.selectFrom('analytics_visits').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0) > 0;
}
