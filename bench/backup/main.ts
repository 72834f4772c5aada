/**
 * Backup benchmark (issue 18): export and import of the event log, next to a raw JetStream read.
 *
 *   node --conditions=source --import tsx bench/backup/main.ts [--events 1000000]
 *
 * On a fresh PostgreSQL database and JetStream stream of this machine (the distributed layout):
 * 1. signs a super admin in through the API (in this process, projector running), then stops the
 *    projector so nothing but the measured work loads the machine, and appends --events price ticks;
 * 2. reads the whole stream once through an ordered consumer, messages counted and not decoded:
 *    the raw read every other figure is compared with, measured in the same run;
 * 3. `xsd events export --out FILE` (the built CLI, its own process) through the API's
 *    GET /api/admin/events/export, which reads the log in pages: events per second, target at
 *    least 0.5x the raw read;
 * 4. `xsd events import FILE` into another fresh database and stream (the built CLI, checking the
 *    file first, then appending): events per second, target at least 20,000/s;
 * 5. the round trip (export + import), target under 2 minutes for 1,000,000 events.
 * Exits 1 when a target is missed. Build first (`npx tsc -b`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connect } from 'nats';
import { findFreeBasePort } from '@xsd/services/devnet/free-port';
import { JetStreamEventLog } from '@xsd/services/event-log/jetstream/jetstream-event-log';
import { priceTicks } from '@xsd/services/testing/price-ticks';
import { startStack } from '@xsd/services/testing/stack';
import { createTestDatabase } from '@xsd/services/testing/test-database';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '@xsd/services/testing/test-stream';
import { waitFor } from '@xsd/services/testing/wait-for';
import { SessionStore } from '../../cli/src/session/session-store.js';

const { values } = parseArgs({ options: { events: { type: 'string', default: '1000000' } } });
const EVENTS = Math.max(1, Number(values.events));
const SEED_BATCH = 20_000;
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const XSD_MAIN = fileURLToPath(new URL('../../cli/dist/main.js', import.meta.url));
const API_MAIN = fileURLToPath(new URL('../../services/dist/apps/api/main.js', import.meta.url));
const ROOT = { email: 'root@silverboard.test', password: 'root password 1' };
const CHAINS = ['Ethereum', 'BSC', 'Arbitrum', 'Polygon', 'Optimism', 'Base', 'Avalanche'];

let missed = 0;
const line = (label: string, value: string, target: string, ok: boolean | null) => {
  if (ok === false) missed += 1;
  process.stdout.write(`${label.padEnd(40)} ${value.padStart(16)}   ${target ? `target ${target.padEnd(14)}` : ''.padEnd(21)} ${ok === null ? '' : ok ? 'ok' : 'MISSED'}\n`);
};
const perSecond = (events: number, ms: number) => Math.round(events / (ms / 1000));
const count = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function timedXsd(args: readonly string[], env: Record<string, string>): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, [XSD_MAIN, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`xsd ${args.join(' ')} exited ${run.status}: ${run.stderr.trim()}`);
  return performance.now() - started;
}

process.stdout.write(`backup bench: ${count(EVENTS)} events, ${cpus().length} cores, load ${loadavg().map((x) => x.toFixed(2)).join(' ')} (a shared machine: figures vary run to run)\n`);
const work = await mkdtemp(join(tmpdir(), 'xsd-bench-backup-'));
const source = { database: await createTestDatabase(), stream: uniqueStream('BENCH') };
const target = { database: await createTestDatabase(), stream: uniqueStream('BENCH') };
const settings = (deployment: typeof source): Record<string, string> => ({
  DATABASE_URL: deployment.database.url,
  NATS_URL: TEST_NATS_URL,
  XSD_STREAM: deployment.stream.stream,
  XSD_SUBJECT_PREFIX: deployment.stream.subjectPrefix,
  XSD_METRICS_PORT: '0',
});
let api: ReturnType<typeof spawn> | null = null;
try {
  // 1. A super admin's session from a whole deployment whose chains are out of reach (so it
  //    appends nothing of its own), then the log, then the API role alone: no projector at work.
  const networks = join(work, 'networks.json');
  await writeFile(networks, JSON.stringify(Object.fromEntries(CHAINS.map((chain) => [chain, { rpcUrls: ['http://127.0.0.1:9'] }]))));
  const quiet = { XSD_NETWORK_PROFILE: 'mainnet', XSD_NETWORKS_FILE: networks };
  const whole = await startStack({ env: { ...settings(source), ...quiet, XSD_ADMIN_EMAIL: ROOT.email, XSD_ADMIN_PASSWORD: ROOT.password } });
  const signedIn = await fetch(`${whole.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ROOT) });
  const { token } = (await signedIn.json()) as { token: string };
  await whole.stop();

  const log = await JetStreamEventLog.connect({ servers: TEST_NATS_URL, ...source.stream });
  const seedStarted = performance.now();
  for (let done = 0; done < EVENTS; done += SEED_BATCH) {
    await log.appendMany(priceTicks(Math.min(SEED_BATCH, EVENTS - done), Date.parse('2025-01-01T00:00:00Z') + done));
  }
  const head = await log.lastSequence();
  await log.close();
  process.stdout.write(`seeded ${count(head)} events in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n\n`);

  const port = await findFreeBasePort(1);
  const url = `http://127.0.0.1:${port}`;
  api = spawn(process.execPath, [API_MAIN], { env: { ...process.env, ...settings(source), ...quiet, PORT: String(port) }, stdio: 'ignore' });
  await waitFor(async () => (await fetch(`${url}/api/health`).catch(() => null))?.status === 200, { timeoutMs: 60_000, message: 'the API' });
  const configDir = join(work, 'config');
  await new SessionStore(join(configDir, 'session.json')).set(url, {
    token,
    email: ROOT.email,
    role: 'super_admin',
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  });

  // 2. The raw read: an ordered consumer over the whole stream, messages counted.
  const nc = await connect({ servers: TEST_NATS_URL });
  const rawStarted = performance.now();
  const messages = await (await nc.jetstream().consumers.get(source.stream.stream)).consume({ max_messages: 5_000 });
  let raw = 0;
  for await (const message of messages) {
    raw += 1;
    if (message.info.pending === 0) break;
  }
  messages.stop();
  const rawMs = performance.now() - rawStarted;
  await nc.close();
  const rawRate = perSecond(raw, rawMs);
  line('raw JetStream read (ordered consumer)', `${count(rawRate)}/s`, '', null);

  // 3. The export through the API.
  const file = join(work, 'export.ndjson');
  const exportMs = timedXsd(['events', 'export', '--out', file], { XSD_API_URL: url, XSD_CONFIG_DIR: configDir });
  const exportRate = perSecond(head, exportMs);
  line(`xsd events export (${((await stat(file)).size / 1e6).toFixed(0)} MB)`, `${count(exportRate)}/s`, '>= 0.5x raw', exportRate >= 0.5 * rawRate);
  line('  ratio to the raw read', `${(exportRate / rawRate).toFixed(2)}x`, '', null);
  api.kill('SIGTERM');

  // 4. The import into a fresh distributed deployment.
  const importMs = timedXsd(['events', 'import', file], settings(target));
  const importRate = perSecond(head, importMs);
  line('xsd events import (check, then append)', `${count(importRate)}/s`, '>= 20,000/s', importRate >= 20_000);

  // 5. The round trip.
  const roundTrip = exportMs + importMs;
  const full = EVENTS >= 1_000_000;
  line(`round trip of ${count(head)} events`, `${(roundTrip / 1000).toFixed(1)} s`, full ? '< 120 s' : '', full ? roundTrip < 120_000 : null);
} finally {
  api?.kill('SIGTERM');
  for (const deployment of [source, target]) {
    await deleteStream(deployment.stream.stream);
    await deployment.database.drop();
  }
  await rm(work, { recursive: true, force: true });
}
process.exit(missed > 0 ? 1 : 0);
