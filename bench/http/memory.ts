/**
 * The API's resident memory under varied-window load (issue 21): the read cache is sized in bytes
 * (XSD_READ_CACHE_MB), so many distinct windows must not grow the process past the target.
 *
 *   node --conditions=source --import tsx bench/http/memory.ts [--days 365] [--seconds 30] [--connections 20] [--reference /work/main] [--api-node-flags=--max-old-space-size=256] [--routes all|v1]
 *
 * On a fresh PostgreSQL database and JetStream stream of this machine: appends `--days` of hourly
 * XSD prices on every network, BankX on Ethereum and silver, and a reading a minute of XSD on
 * Ethereum over the last two days (so /api/v1 pages fill their 1,000 rows), lets the built
 * projector role fold them, then starts the built API role as its own process and loads it with
 * autocannon on history, silver, peg, v1 prices and v1 candles, each request a different window
 * (`days` from 1 to the data's length, `from`/`to` anywhere in it). Samples the API's resident
 * memory (VmRSS) throughout; prints it before and at its highest (target < 400 MB) with the
 * requests served. `--reference DIR` loads another checkout's built API (e.g. the main branch)
 * the same way on the same data, in the same run; `--api-node-flags` starts the APIs with these
 * Node flags (a heap limit). Prints each API's V8 heap (used/total) and memory outside it (the
 * cached bytes are Buffers: external) at the end. Exits 1 when the target is missed.
 * Build first (`npx tsc -b`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { type AnyEvent, CHAIN_NAMES, createEvent } from '@xsd/contracts';
import { ALLOCATOR_ENV, HTTP_ROLE_NODE_FLAGS } from '@xsd/services/apps/heap-policy';
import { findFreeBasePort } from '@xsd/services/devnet/free-port';
import { JetStreamEventLog } from '@xsd/services/event-log/jetstream/jetstream-event-log';
import { createTestDatabase } from '@xsd/services/testing/test-database';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '@xsd/services/testing/test-stream';
import { waitFor } from '@xsd/services/testing/wait-for';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '365' },
    seconds: { type: 'string', default: '30' },
    connections: { type: 'string', default: '20' },
    reference: { type: 'string' },
    'api-node-flags': { type: 'string', default: '' },
    routes: { type: 'string', default: 'all' },
  },
});
const DAYS = Math.max(2, Number(values.days));
const SECONDS = Math.max(1, Number(values.seconds));
const CONNECTIONS = Math.max(1, Number(values.connections));
/** `all`: the history, silver, peg and v1 routes in turn; `v1`: the public API's pages alone. */
const ROUTES = values.routes === 'v1' ? 'v1' : 'all';
const API_NODE_FLAGS = values['api-node-flags'].split(' ').filter(Boolean);
const RSS_TARGET_MB = 400;
const APPEND_BATCH = 2_000;
const SAMPLE_MS = 250;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const SYSTEM = { kind: 'system', id: 'bench' } as const;
const iso = (ms: number) => new Date(ms).toISOString();
/** A price that wanders, so no two answers are the same bytes. */
const priceAt = (base: number, at: number) => Number((base * (1 + 0.05 * Math.sin(at / (7 * HOUR)) + 0.01 * Math.sin(at / 997_000))).toFixed(6));

function* events(now: number): Generator<AnyEvent> {
  const start = now - DAYS * DAY;
  for (let at = start; at < now; at += HOUR) {
    for (const chain of CHAIN_NAMES) {
      yield createEvent('price.ticked', { chain, token: 'XSD', price: priceAt(1, at), observedAt: iso(at), blockNumber: Math.floor(at / 1000) }, { actor: SYSTEM, now: new Date(at) });
    }
    yield createEvent('price.ticked', { chain: 'Ethereum', token: 'BankX', price: priceAt(0.4, at), observedAt: iso(at), blockNumber: null }, { actor: SYSTEM, now: new Date(at) });
    const gram = priceAt(1, at + 1);
    yield createEvent('silver.ticked', { pricePerGram: gram, pricePerOunce: gram * 31.1034768, observedAt: iso(at + 1) }, { actor: SYSTEM, now: new Date(at + 1) });
  }
  for (let at = now - 2 * DAY + 30_000; at < now; at += MINUTE) {
    yield createEvent('price.ticked', { chain: 'Ethereum', token: 'XSD', price: priceAt(1, at), observedAt: iso(at), blockNumber: Math.floor(at / 1000) }, { actor: SYSTEM, now: new Date(at) });
  }
}

const randomInt = (max: number) => Math.floor(Math.random() * max);
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

/** A request for a window no earlier request asked for (or hardly): varied days and from/to. */
function variedPath(now: number): string {
  const days = 1 + randomInt(DAYS);
  const to = now - randomInt(DAYS * DAY);
  const from = to - randomInt(Math.min(to - (now - DAYS * DAY), 60 * DAY)) - MINUTE;
  switch (ROUTES === 'v1' ? 3 + randomInt(2) : randomInt(5)) {
    case 0:
      return `/api/prices/history?token=${pick(['XSD', 'XSD', 'BankX'])}&chain=${pick(['Ethereum', 'BSC', 'Base'])}&days=${days}`;
    case 1:
      return `/api/silver/history?days=${days}`;
    case 2:
      return `/api/prices/peg?days=${days}`;
    case 3:
      return `/api/v1/prices?token=XSD&chain=Ethereum&from=${iso(from)}&to=${iso(to)}&limit=1000`;
    default:
      return `/api/v1/candles?token=XSD&chain=${pick(CHAIN_NAMES)}&interval=${pick(['1h', '1d'])}&from=${iso(from)}&to=${iso(to)}&limit=1000`;
  }
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

function spawnRole(main: string, env: Record<string, string>, onOutput: (text: string) => void, nodeFlags: readonly string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeFlags, main], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.setEncoding('utf8').on('data', onOutput);
  child.stderr?.setEncoding('utf8').on('data', onOutput);
  return child;
}

async function stop(child: ChildProcess | null): Promise<void> {
  if (child === null || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Measured {
  readonly idleMb: number;
  readonly peakMb: number;
  readonly endMb: number;
  readonly requests: number;
  readonly rps: number;
  readonly p99: number;
  readonly non2xx: number;
  /** V8's heap (total) and memory outside it (Buffers) at the end, from the API's /metrics. */
  readonly heapMb: number;
  readonly heapUsedMb: number;
  readonly externalMb: number;
}

async function metricMb(metricsUrl: string, name: string): Promise<number> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const value = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1];
  return Number(value) / 1024 / 1024;
}

/** Starts `checkout`'s built API on the data, loads it, and samples its memory. */
async function measure(checkout: string, env: Record<string, string>, nodeFlags: readonly string[]): Promise<Measured> {
  const port = await findFreeBasePort(1);
  const metricsPort = await findFreeBasePort(1);
  let output = '';
  const api = spawnRole(join(checkout, 'services/dist/apps/api/main.js'), { ...env, PORT: String(port), XSD_METRICS_PORT: String(metricsPort) }, (text) => (output += text), nodeFlags);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/api/silver/latest`).catch(() => null))?.ok === true, {
      timeoutMs: 120_000,
      intervalMs: 200,
      message: 'the API to answer',
    }).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${output}`);
    });
    const idleMb = await rssMb(api.pid!);
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      void rssMb(api.pid!).then((mb) => (peakMb = Math.max(peakMb, mb)), () => undefined);
    }, SAMPLE_MS);
    const now = Date.now();
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [{ setupRequest: (request) => ({ ...request, path: variedPath(now) }) }],
    });
    clearInterval(sampler);
    const endMb = await rssMb(api.pid!);
    const metricsUrl = `http://127.0.0.1:${metricsPort}`;
    const [heapMb, heapUsedMb, externalMb] = await Promise.all(
      ['nodejs_heap_size_total_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_external_memory_bytes'].map((name) => metricMb(metricsUrl, name)),
    );
    return {
      idleMb,
      peakMb: Math.max(peakMb, endMb),
      endMb,
      requests: result.requests.total,
      rps: result.requests.average,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      heapMb,
      heapUsedMb,
      externalMb,
    };
  } finally {
    await stop(api);
  }
}

process.stdout.write(
  `bench/http/memory: ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}, ${DAYS} days of data, ${SECONDS} s at ${CONNECTIONS} connections, ` +
    `XSD_READ_CACHE_MB ${process.env.XSD_READ_CACHE_MB ?? 'default'}, API node flags: ${[...HTTP_ROLE_NODE_FLAGS, ...API_NODE_FLAGS].join(' ')} (a reference: ${API_NODE_FLAGS.join(' ') || 'none'})\n\n`,
);

const database = await createTestDatabase();
const stream = uniqueStream('BENCH');
const log = await JetStreamEventLog.connect({ servers: TEST_NATS_URL, ...stream });
const env = {
  DATABASE_URL: database.url,
  NATS_URL: TEST_NATS_URL,
  XSD_STREAM: stream.stream,
  XSD_SUBJECT_PREFIX: stream.subjectPrefix,
  XSD_METRICS_PORT: '0',
  XSD_LOG_LEVEL: 'warn',
  // Every request comes from this one address: the per-client limit of /api/v1 is not what is measured.
  XSD_API_RATE_LIMIT: '100000000',
};
let projector: ChildProcess | null = null;
let missed = 0;

try {
  const filledFrom = performance.now();
  let batch: AnyEvent[] = [];
  let appended = 0;
  for (const event of events(Date.now())) {
    batch.push(event);
    if (batch.length === APPEND_BATCH) {
      await log.appendMany(batch);
      appended += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await log.appendMany(batch);
  appended += batch.length;
  const head = await log.lastSequence();
  let output = '';
  projector = spawnRole(join(ROOT, 'services/dist/apps/projector/main.js'), env, (text) => (output += text));
  await waitFor(
    async () => {
      const rows = await database.handle.db.selectFrom('projection_checkpoints').select(['name', 'sequence']).where('name', 'in', ['price_history', 'price_candles', 'silver_prices']).execute();
      return rows.length === 3 && rows.every((row) => Number(row.sequence) >= head);
    },
    { timeoutMs: 600_000, intervalMs: 500, message: 'the projections to fold the data' },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${output}`);
  });
  process.stdout.write(`${appended.toLocaleString('en')} events appended and projected in ${((performance.now() - filledFrom) / 1000).toFixed(1)} s\n\n`);

  const runs: [string, string][] = [['this build', ROOT]];
  if (values.reference) runs.push([`reference (${values.reference})`, values.reference]);
  process.stdout.write(`${'API'.padEnd(34)} ${'idle RSS'.padStart(10)} ${'peak RSS'.padStart(10)} ${'end RSS'.padStart(10)} ${'req/s'.padStart(8)} ${'p99'.padStart(8)} ${'non-2xx'.padStart(8)} ${'heap used/total'.padStart(16)} ${'external'.padStart(9)}\n`);
  for (const [label, checkout] of runs) {
    // This build as it is launched (its HTTP role's heap flags, the allocator's environment); a reference as it was.
    const m = await measure(checkout, checkout === ROOT ? { ...ALLOCATOR_ENV, ...env } : env, checkout === ROOT ? [...HTTP_ROLE_NODE_FLAGS, ...API_NODE_FLAGS] : API_NODE_FLAGS);
    const ok = m.peakMb < RSS_TARGET_MB && m.non2xx === 0;
    if (checkout === ROOT && !ok) missed += 1;
    process.stdout.write(
      `${label.padEnd(34)} ${`${m.idleMb.toFixed(0)} MB`.padStart(10)} ${`${m.peakMb.toFixed(0)} MB`.padStart(10)} ${`${m.endMb.toFixed(0)} MB`.padStart(10)} ${m.rps.toFixed(0).padStart(8)} ${`${m.p99} ms`.padStart(8)} ${String(m.non2xx).padStart(8)} ${`${m.heapUsedMb.toFixed(0)}/${m.heapMb.toFixed(0)} MB`.padStart(16)} ${`${m.externalMb.toFixed(0)} MB`.padStart(9)}` +
        `   target peak < ${RSS_TARGET_MB} MB, no errors: ${ok ? 'ok' : checkout === ROOT ? 'MISSED' : 'missed'}\n`,
    );
  }
} finally {
  await stop(projector);
  await log.close();
  await deleteStream(stream.stream);
  await database.drop();
}

process.stdout.write(missed === 0 ? '\nall targets met\n' : `\n${missed} target(s) missed\n`);
process.exit(missed === 0 ? 0 : 1);
