/**
 * HTTP read-path benchmark (issue 9): each hot public route of a running stack against a bare
 * Fastify server answering the same bytes, measured in the same run with autocannon.
 *
 *   node --conditions=source --import tsx bench/http/main.ts [--seconds 10] [--connections 50] [--mode embedded|distributed|both]
 *
 * Starts the stack with the built launcher (embedded: PGlite and the in-process log; distributed:
 * a fresh PostgreSQL database and JetStream stream on this machine's servers), waits for the
 * devnet's first prices, fetches each route once, hands the same bytes (body and headers: the
 * security headers, ETag, Cache-Control, CORS; Date and the connection's own headers are the bare
 * server's) to the bare server, then loads both in turns at the same connection count, twice each,
 * and keeps each side's better round (the machine is shared: a round may lose to a neighbour).
 * Prints req/s and p99 of each, the ratio, and the target (>= 0.9x, or 0.6x for the history and
 * v1 queries; p99 < 10 ms); exits 1 when a target is missed. Beside them, the CPU time each server
 * process spent a request in its kept round (from /proc, on Linux): unlike req/s, a neighbour's
 * load barely moves it, so it shows what the stack's own code costs next to the bare server's.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { createTestDatabase, type TestDatabase } from '@xsd/services/testing/test-database';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '@xsd/services/testing/test-stream';
import { waitFor } from '@xsd/services/testing/wait-for';
import { type BareAnswer, startBare } from '../support.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    mode: { type: 'string', default: 'both' },
  },
});
const SECONDS = Math.max(1, Number(values.seconds));
const CONNECTIONS = Math.max(1, Number(values.connections));
const MODES = values.mode === 'both' ? (['embedded', 'distributed'] as const) : ([values.mode] as ('embedded' | 'distributed')[]);
const P99_TARGET_MS = 10;
const ROUNDS = 2;
const WARM_UP_SECONDS = 2;

interface Route {
  readonly path: string;
  /** Least share of the bare server's req/s. */
  readonly ratio: number;
}

const ROUTES: readonly Route[] = [
  { path: '/api/prices/latest', ratio: 0.9 },
  { path: '/api/silver/latest', ratio: 0.9 },
  { path: '/api/site', ratio: 0.9 },
  { path: '/api/chains', ratio: 0.9 },
  { path: '/api/news', ratio: 0.9 },
  { path: '/api/calendar/events', ratio: 0.9 },
  { path: '/api/prices/history?token=XSD&chain=Ethereum&days=7', ratio: 0.6 },
  { path: '/api/v1/prices?token=XSD&chain=Ethereum&limit=100', ratio: 0.6 },
  { path: '/version.json', ratio: 0.9 },
  { path: '/', ratio: 0.9 },
];

interface Load {
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  /** CPU time (user and system, every thread) the server process spent a request, in µs; null where /proc is not. */
  readonly cpuUs: number | null;
}

/** The better of `ROUNDS` loads of each server, taken in turns so a noisy moment hits both alike. */
async function compare(ours: Server, bare: Server): Promise<{ ours: Load; reference: Load }> {
  const runs: { ours: Load[]; reference: Load[] } = { ours: [], reference: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    runs.ours.push(await load(ours));
    runs.reference.push(await load(bare));
  }
  const best = (loads: Load[]) => loads.reduce((a, b) => (b.rps > a.rps ? b : a));
  return { ours: best(runs.ours), reference: best(runs.reference) };
}

/** A URL to load and the process that answers it. */
interface Server {
  readonly url: string;
  readonly pid: number;
}

/** User and system CPU time of a process, in clock ticks (100 a second on Linux); null without /proc. */
function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

async function load(server: Server, seconds = SECONDS): Promise<Load> {
  const before = cpuTicks(server.pid);
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  const after = cpuTicks(server.pid);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuUs: before === null || after === null || result.requests.total === 0 ? null : ((after - before) * 10_000) / result.requests.total,
  };
}

/** What the bare server answers on a path: the stack's headers and body (base64). */
/** Headers of the connection, not of the answer: each server sends its own. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The public API's per-client limit would answer the load generator with 429s: lifted for the measurement. */
const UNLIMITED = { XSD_API_RATE_LIMIT: '1000000000' };

async function startFor(mode: 'embedded' | 'distributed'): Promise<{ stack: RunningStack; cleanup(): Promise<void> }> {
  if (mode === 'embedded') {
    const stack = await startStack({ env: UNLIMITED });
    return { stack, cleanup: () => stack.stop() };
  }
  const database: TestDatabase = await createTestDatabase({ empty: true });
  const stream = uniqueStream('BENCH');
  const stack = await startStack({
    env: { ...UNLIMITED, DATABASE_URL: database.url, NATS_URL: TEST_NATS_URL, XSD_STREAM: stream.stream, XSD_SUBJECT_PREFIX: stream.subjectPrefix },
  });
  return {
    stack,
    cleanup: async () => {
      await stack.stop();
      await deleteStream(stream.stream);
      await database.drop();
    },
  };
}

const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width);
const cpu = (us: number | null) => (us === null ? '-' : us.toFixed(1)).padStart(5);

let missed = 0;
process.stdout.write(`bench/http: ${CONNECTIONS} connections, ${SECONDS} s per measurement; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}\n`);
for (const mode of MODES) {
  process.stdout.write(`\nstarting the stack (${mode}, built launcher, devnet)...\n`);
  const { stack, cleanup } = await startFor(mode);
  let bare: { url: string; child: ChildProcess } | null = null;
  try {
    await waitFor(
      async () => {
        const latest = (await (await fetch(`${stack.url}/api/prices/latest`)).json()) as { items: { price: number | null }[] };
        return latest.items.length === 14 && latest.items.every((item) => item.price !== null) && (await fetch(`${stack.url}/api/silver/latest`)).ok;
      },
      { timeoutMs: 90_000, intervalMs: 500, message: 'the first prices of every chain and silver' },
    );
    const answers: Record<string, BareAnswer> = {};
    for (const { path } of ROUTES) {
      const response = await fetch(`${stack.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      const headers = Object.fromEntries([...response.headers].filter(([name]) => !CONNECTION_HEADERS.has(name)));
      answers[path] = { headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') };
    }
    bare = await startBare(answers);

    process.stdout.write(
      `\n${mode}\n${pad('route', 54)} ${'req/s'.padStart(8)} ${'p99'.padStart(5)}   ${'bare'.padStart(8)} ${'p99'.padStart(5)}   ratio  target${' '.repeat(31)}CPU a request: ours / bare\n`,
    );
    for (const route of ROUTES) {
      const ourServer = { url: `${stack.url}${route.path}`, pid: stack.pid };
      const bareServer = { url: `${bare.url}${route.path}`, pid: bare.child.pid ?? -1 };
      // A short unmeasured load on each first: both servers' code is compiled and their caches warm.
      await load(ourServer, WARM_UP_SECONDS);
      await load(bareServer, WARM_UP_SECONDS);
      const { ours, reference } = await compare(ourServer, bareServer);
      const ratio = ours.rps / reference.rps;
      const ok = ratio >= route.ratio && ours.p99 < P99_TARGET_MS && ours.errors === 0 && ours.non2xx === 0;
      if (!ok) missed += 1;
      const size = Buffer.from(answers[route.path].body, 'base64').length;
      process.stdout.write(
        `${pad(`${route.path} (${size} B)`, 54)} ${num(ours.rps, 8)} ${num(ours.p99, 3)}ms   ${num(reference.rps, 8)} ${num(reference.p99, 3)}ms   ${num(ratio, 4, 2)}x  ${pad(`>= ${route.ratio}x, p99 < ${P99_TARGET_MS} ms ${ok ? 'ok' : 'MISSED'}`, 36)} ${cpu(ours.cpuUs)} / ${cpu(reference.cpuUs)} µs` +
          `${ours.errors || ours.non2xx ? ` (${ours.errors} errors, ${ours.non2xx} non-2xx)` : ''}\n`,
      );
    }
    // The memory governor (apps/heap-policy.ts) should leave these small answers at full speed.
    const saver = stack.output().split('\n').filter((line) => line.includes('memory saver'));
    process.stdout.write(`V8's memory saver mode: ${saver.length === 0 ? 'never on' : `switched ${saver.length} times`}\n`);
  } finally {
    bare?.child.kill('SIGTERM');
    await cleanup();
  }
}
process.stdout.write(`\n${missed === 0 ? 'every target met' : `${missed} target(s) missed`}\n`);
process.exit(missed === 0 ? 0 : 1);
