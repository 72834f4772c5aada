/**
 * Scale benchmark (issue 21): the read routes, sizes, memory and rebuild over a year of data.
 *
 *   node --conditions=source --import tsx bench/scale/main.ts [--days 365] [--seconds 10] [--connections 50] [--max-age-hours 12]
 *
 * 1. Data: `--days` of the ingestor's ticks (seven devnet chains x two tokens and silver, every
 *    30 s: 1,051,200 ticks, 14,716,800 price and 1,051,200 silver events for a year) appended to
 *    the embedded event log of a PostgreSQL database and applied by the projections themselves
 *    (fill.ts). The filled database is kept as a template named after a hash of the migrations,
 *    the read models, the event schemas and fill.ts; a later run copies it (`create database ...
 *    template`, as `createdb -T`) while those sources are unchanged and the data is younger than
 *    `--max-age-hours` (windows end at the time of the run), and refills it otherwise.
 * 2. Routes: the stack (built launcher, embedded log in PostgreSQL) on an empty database and on
 *    the copy, in turn: each history, silver, peg, v1 prices and v1 candles route at 1, 7, 30, 90
 *    and 365 days, cold (its first request after the API started) and warm (median of 5 more);
 *    then, once PostgreSQL is idle (the series' background reads those requests started are done),
 *    each route under `--connections` with a different window every request for `--seconds`
 *    (autocannon): req/s and p99, and the API process's resident memory (the most seen).
 * 3. Table and index sizes of every table of the filled database.
 * 4. Rebuild of price_history and price_candles on the copy through `rebuildProjections`.
 * Targets: 365-day window cold < 30 ms; varied windows >= 1,000 req/s, p99 < 100 ms per route; RSS
 * < 400 MB; rebuild of a year < 5 min (a shorter fill's time is scaled to a year). Exits 1 on a miss.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Logger } from '@nestjs/common';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import type * as Rebuild from '@xsd/services/apps/rebuild';
import type * as Config from '@xsd/services/config/config';
import { openDatabase } from '@xsd/services/database/database';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { createTestDatabase, databaseUrl, withAdmin } from '@xsd/services/testing/test-database';
import { waitFor } from '@xsd/services/testing/wait-for';
import { type BareAnswer, median, startBare } from '../support.js';
import { EVENTS_PER_TICK, fill, ticksIn } from './fill.js';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '365' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'max-age-hours': { type: 'string', default: '12' },
  },
});
const DAYS = Math.min(365, Math.max(1, Math.floor(Number(values.days))));
const SECONDS = Math.max(1, Number(values.seconds));
const CONNECTIONS = Math.max(1, Number(values.connections));
const MAX_AGE_MS = Math.max(0, Number(values['max-age-hours'])) * 3_600_000;
const WINDOWS = [1, 7, 30, 90, 365] as const;
const WARM_RUNS = 5;
/** Varied answers whose mean size the bare server's reference answer gets. */
const SAMPLED_ANSWERS = 100;
const TARGET_COLD_MS = 30;
const TARGET_RPS = 1_000;
const TARGET_P99_MS = 100;
const TARGET_RSS_MB = 400;
const TARGET_REBUILD_S = 300;
const DAY_MS = 86_400_000;
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

let missed = 0;
const out = (text = '') => process.stdout.write(`${text}\n`);
const verdict = (ok: boolean) => {
  if (!ok) missed += 1;
  return ok ? 'ok' : 'MISSED';
};

// ── routes ───────────────────────────────────────────────────────────────────
const CHAINS = ['Ethereum', 'BSC', 'Arbitrum', 'Polygon', 'Optimism', 'Base', 'Avalanche'];
const TOKENS = ['XSD', 'BANKX'];

/** A deterministic sequence of numbers in [0, 1) for the varied windows. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Route {
  readonly name: string;
  /** The route's window of `days` ending at `now`. */
  window(days: number, now: number): string;
  /** The `i`th request of the varied load: another window (and token and chain) each time. */
  varied(i: number, now: number, next: () => number): string;
}

/** days 1..365 in a scrambled order (149 is prime to 365): each of 365 requests in a row differs. */
const variedDays = (i: number) => ((i * 149) % 365) + 1;
const pair = (i: number) => `token=${TOKENS[i % 2]}&chain=${CHAINS[Math.floor(i / 2) % CHAINS.length]}`;
const iso = (ms: number) => new Date(ms).toISOString();
/** A window of 1 minute to 365 days inside the last year, at millisecond precision. */
const variedRange = (now: number, next: () => number) => {
  const from = now - Math.floor(next() * 365 * DAY_MS);
  const to = from + 60_000 + Math.floor(next() * (now - from));
  return `from=${iso(from)}&to=${iso(Math.min(now, to))}`;
};
const candles = (interval: '1h' | '1d'): Route => ({
  name: `v1 candles ${interval}`,
  window: (days, now) => `/api/v1/candles?token=XSD&chain=Ethereum&interval=${interval}&from=${iso(now - days * DAY_MS)}&to=${iso(now)}&limit=1000`,
  varied: (i, now, next) => `/api/v1/candles?${pair(i)}&interval=${interval}&${variedRange(now, next)}&limit=1000`,
});

const ROUTES: readonly Route[] = [
  {
    name: 'price history',
    window: (days) => `/api/prices/history?token=XSD&chain=Ethereum&days=${days}`,
    varied: (i) => `/api/prices/history?${pair(i)}&days=${variedDays(i)}`,
  },
  { name: 'silver history', window: (days) => `/api/silver/history?days=${days}`, varied: (i) => `/api/silver/history?days=${variedDays(i)}` },
  { name: 'peg health', window: (days) => `/api/prices/peg?days=${days}`, varied: (i) => `/api/prices/peg?days=${variedDays(i)}` },
  {
    name: 'v1 prices',
    window: (days, now) => `/api/v1/prices?token=XSD&chain=Ethereum&from=${iso(now - days * DAY_MS)}&to=${iso(now)}&limit=1000`,
    varied: (i, now, next) => `/api/v1/prices?${pair(i)}&${variedRange(now, next)}&limit=1000`,
  },
  candles('1h'),
  candles('1d'),
];

/**
 * The machine's own limit for answers of a route's size: a bare Fastify server (bench/http's, in a
 * process of its own) sending a body of each route's mean varied answer size, under the same load.
 */
async function bareReference(answerBytes: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const paths = ROUTES.map((route, i) => [route.name, `/route-${i}`] as const);
  const answers: Record<string, BareAnswer> = {};
  for (const [name, path] of paths) {
    const size = Math.max(2, Math.round(answerBytes.get(name) ?? 2));
    answers[path] = { headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(`[${' '.repeat(size - 2)}]`).toString('base64') };
  }
  const bare = await startBare(answers);
  try {
    const rates = new Map<string, number>();
    for (const [name, path] of paths) {
      const result = await autocannon({ url: bare.url + path, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
      rates.set(name, result.requests.average);
    }
    return rates;
  } finally {
    bare.child.kill('SIGTERM');
  }
}

// ── databases ────────────────────────────────────────────────────────────────
/**
 * Every file that decides the filled rows: migrations, projections and tables (with the projector's
 * projection definitions), event schemas, the fill. Repositories and queries only read, and the fill
 * writes through projections alone, not the projector: changing either keeps the year.
 */
function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const folder of ['services/src/database/migrations', 'services/src/read-models', 'services/src/projector', 'contracts/src/events']) {
    const files = (readdirSync(join(REPOSITORY, folder), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !/\.(spec|repository|queries)\.ts$/.test(file))
      .filter((file) => folder !== 'services/src/projector' || /^(item-)?projection\.ts$/.test(file))
      .sort();
    for (const file of files) hash.update(`${folder}/${file}\n`).update(readFileSync(join(REPOSITORY, folder, file)));
  }
  hash.update(readFileSync(fileURLToPath(new URL('./fill.ts', import.meta.url))));
  return hash.digest('hex').slice(0, 12);
}

const TEMPLATE_PREFIX = 'xsd_scale_';
const HASH = sourcesHash();
const TEMPLATE = `${TEMPLATE_PREFIX}${HASH}_${DAYS}d`;

/** When the template's data ends (its comment), or null when there is none. */
async function templateEnd(): Promise<number | null> {
  return withAdmin(async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [TEMPLATE],
    );
    const end = rows[0]?.comment ? Number(rows[0].comment) : Number.NaN;
    return Number.isFinite(end) ? end : null;
  });
}

/** Fills a new database and keeps it as the template; bench/scale templates of other sources are dropped. */
async function buildTemplate(): Promise<void> {
  const events = ticksIn(DAYS) * EVENTS_PER_TICK;
  out(`filling ${DAYS} days: ${ticksIn(DAYS).toLocaleString('en')} ticks, ${events.toLocaleString('en')} events (log + projections)...`);
  const database = await createTestDatabase();
  const end = Date.now();
  const started = performance.now();
  try {
    await fill(database.handle.db, DAYS, end, out);
  } catch (error) {
    await database.drop();
    throw error;
  }
  await database.handle.close();
  const name = new URL(database.url).pathname.slice(1);
  out(`filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${TEMPLATE_PREFIX}%`]);
    for (const { datname } of rows) {
      // Templates of other sources are stale (and large); those of other --days of these sources stay.
      const stale = /^xsd_scale_[0-9a-f]{12}_\d+d$/.test(datname) && (datname === TEMPLATE || !datname.startsWith(TEMPLATE_PREFIX + HASH));
      if (!stale) continue;
      await client.query(`alter database "${datname}" with is_template false allow_connections true`);
      await client.query(`drop database "${datname}" with (force)`);
    }
    await client.query(`alter database "${name}" rename to "${TEMPLATE}"`);
    await client.query(`comment on database "${TEMPLATE}" is '${end}'`);
    await client.query(`alter database "${TEMPLATE}" with is_template true allow_connections false`);
  });
}

/** A new database copied from the template (or empty, migrated): its URL and how to drop it. */
async function copyOf(template: string | null): Promise<{ url: string; drop(): Promise<void> }> {
  if (template === null) {
    const database = await createTestDatabase();
    await database.handle.close();
    return { url: database.url, drop: () => withAdmin((client) => client.query(`drop database if exists "${new URL(database.url).pathname.slice(1)}" with (force)`)).then(() => undefined) };
  }
  const name = `xsd_scale_run_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`create database "${name}" template "${template}" strategy file_copy`));
  return { url: databaseUrl(name), drop: () => withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined) };
}

// ── measurements ─────────────────────────────────────────────────────────────
async function timed(url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${Buffer.from(body).toString('utf8').slice(0, 200)}`);
  return { ms, bytes: body.byteLength };
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Waits until PostgreSQL runs no query on the database for a second: the answers a load gave up
 * on (autocannon's 10 s timeout) are still being worked on and would slow the next route's load.
 */
async function settled(url: string): Promise<boolean> {
  const name = new URL(url).pathname.slice(1);
  let idleChecks = 0;
  return withAdmin((client) =>
    waitFor(
      async () => {
        const { rows } = await client.query<{ active: string }>(`select count(*) as active from pg_stat_activity where datname = $1 and state = 'active'`, [name]);
        idleChecks = Number(rows[0].active) === 0 ? idleChecks + 1 : 0;
        return idleChecks >= 5;
      },
      { timeoutMs: 120_000, intervalMs: 200, message: 'PostgreSQL to finish the queries of the previous load' },
    ).then(
      () => true,
      () => false,
    ),
  );
}

interface Timing {
  readonly cold: number;
  readonly warm: number;
  readonly bytes: number;
}

interface Load {
  readonly rps: number;
  /** Of the answers that came: autocannon gives up on a request after 10 s (a timeout). */
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
}

interface Measured {
  readonly timings: Map<string, Timing>;
  readonly loads: Map<string, Load>;
  /** Mean answer size of each route's varied load (its first SAMPLED_ANSWERS requests). */
  readonly answerBytes: Map<string, number>;
  readonly rssIdle: number;
  readonly rssPeak: number;
}

/** Starts the stack on `url`, times every route and window, then loads each route with varied windows. */
async function measure(label: string, url: string): Promise<Measured> {
  out(`\n${label}: starting the stack (built launcher, devnet, embedded log in PostgreSQL)...`);
  const dataDir = await mkdtemp(join(tmpdir(), 'xsd-scale-'));
  let stack: RunningStack | null = null;
  try {
    stack = await startStack({
      dataDir,
      startTimeoutMs: 300_000,
      // The v1 per-client limit would answer the load generator with 429s: lifted for the measurement.
      env: { DATABASE_URL: url, NATS_URL: '', XSD_API_RATE_LIMIT: '1000000000' },
    });
    const base = stack.url;
    await waitFor(async () => (await fetch(`${base}/api/prices/latest`)).ok, { timeoutMs: 60_000, intervalMs: 200, message: 'the latest prices' });
    const rssIdle = await rssMb(stack.pid);
    const now = Date.now();
    const timings = new Map<string, Timing>();
    // Cold: each route and window's first request since the API started.
    const cold = new Map<string, number>();
    for (const route of ROUTES) for (const days of WINDOWS) cold.set(`${route.name}|${days}`, (await timed(base + route.window(days, now))).ms);
    for (const route of ROUTES) {
      for (const days of WINDOWS) {
        const runs: number[] = [];
        let bytes = 0;
        for (let run = 0; run < WARM_RUNS; run += 1) {
          const answer = await timed(base + route.window(days, now));
          runs.push(answer.ms);
          bytes = answer.bytes;
        }
        timings.set(`${route.name}|${days}`, { cold: cold.get(`${route.name}|${days}`)!, warm: median(runs), bytes });
      }
    }
    // The first requests started the series' background reads of every other key (v1 prices: 13
    // pairs' raw readings); the varied loads measure the routes once those are done, as after each load.
    const settleFrom = performance.now();
    const calm = await settled(url);
    out(`${label}: routes timed; background reads ${calm ? `done ${((performance.now() - settleFrom) / 1000).toFixed(0)} s later` : 'still running after 120 s'}`);
    out(`${label}: loading each route with varied windows (${CONNECTIONS} connections, ${SECONDS} s)...`);
    const loads = new Map<string, Load>();
    let rssPeak = rssIdle;
    const pid = stack.pid;
    const sampler = setInterval(() => {
      void rssMb(pid).then((mb) => (rssPeak = Math.max(rssPeak, mb)), () => undefined);
    }, 200);
    try {
      for (const route of ROUTES) {
        let i = 0;
        const next = random(21);
        const result = await autocannon({
          url: base,
          connections: CONNECTIONS,
          duration: SECONDS,
          pipelining: 1,
          requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: route.varied(i++, now, next) }) }],
        });
        const settleFrom = performance.now();
        const calm = await settled(url);
        const settleSeconds = (performance.now() - settleFrom) / 1000;
        if (!calm || settleSeconds > 2) out(`  ${route.name}: PostgreSQL ${calm ? `went on with its queries for ${settleSeconds.toFixed(0)} s` : 'still busy 120 s'} after the load`);
        loads.set(route.name, { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors - result.timeouts, timeouts: result.timeouts });
      }
    } finally {
      clearInterval(sampler);
    }
    rssPeak = Math.max(rssPeak, await rssMb(pid));
    const answerBytes = new Map<string, number>();
    for (const route of ROUTES) {
      const next = random(21);
      let bytes = 0;
      for (let i = 0; i < SAMPLED_ANSWERS; i += 1) bytes += (await timed(base + route.varied(i, now, next))).bytes;
      answerBytes.set(route.name, bytes / SAMPLED_ANSWERS);
    }
    return { timings, loads, answerBytes, rssIdle, rssPeak };
  } finally {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface TableSize {
  readonly table: string;
  readonly rows: number;
  readonly total: number;
  readonly indexes: number;
}

async function tableSizes(url: string): Promise<TableSize[]> {
  const handle = await openDatabase({ url, poolSize: 1 });
  try {
    const { rows } = await sql<{ table: string; rows: string; total: string; indexes: string }>`
      select c.relname as table, greatest(c.reltuples, 0)::int8 as rows,
        pg_total_relation_size(c.oid) as total, pg_indexes_size(c.oid) as indexes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by pg_total_relation_size(c.oid) desc`.execute(handle.db);
    return rows.map((row) => ({ table: row.table, rows: Number(row.rows), total: Number(row.total), indexes: Number(row.indexes) }));
  } finally {
    await handle.close();
  }
}

// ── the run ──────────────────────────────────────────────────────────────────
out(`bench/scale: ${DAYS} days of data; ${CONNECTIONS} connections, ${SECONDS} s per load; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}`);
out(`a year = ${ticksIn(365).toLocaleString('en')} ticks of 30 s: ${(ticksIn(365) * (EVENTS_PER_TICK - 1)).toLocaleString('en')} price rows (7 chains x 2 tokens), ${ticksIn(365).toLocaleString('en')} silver rows`);
const end = await templateEnd();
if (end !== null && Date.now() - end <= MAX_AGE_MS) {
  out(`using template ${TEMPLATE} (data ends ${((Date.now() - end) / 3_600_000).toFixed(1)} h ago)`);
} else {
  if (end !== null) out(`template ${TEMPLATE} is older than ${MAX_AGE_MS / 3_600_000} h: refilling`);
  await buildTemplate();
}

const empty = await copyOf(null);
const filled = await copyOf(TEMPLATE);
try {
  const before = await measure('empty database', empty.url);
  const after = await measure(`${DAYS} days`, filled.url);

  out(`\ncold (first request after start) / warm (median of ${WARM_RUNS}) in ms; answer size of the filled database`);
  out(`${'route'.padEnd(16)} ${'days'.padStart(4)}   ${'empty'.padStart(15)}   ${`${DAYS} days`.padStart(17)} ${'bytes'.padStart(9)}   target`);
  for (const route of ROUTES) {
    for (const days of WINDOWS) {
      const key = `${route.name}|${days}`;
      const [e, f] = [before.timings.get(key)!, after.timings.get(key)!];
      const target = days === 365 ? `cold < ${TARGET_COLD_MS} ms ${verdict(f.cold < TARGET_COLD_MS)}` : '';
      out(
        `${route.name.padEnd(16)} ${String(days).padStart(4)}   ${e.cold.toFixed(1).padStart(7)} / ${e.warm.toFixed(1).padStart(5)}   ${f.cold.toFixed(1).padStart(9)} / ${f.warm.toFixed(1).padStart(5)} ${String(f.bytes).padStart(9)}   ${target}`,
      );
    }
  }

  const bare = await bareReference(after.answerBytes);
  out(`\nvaried windows (each request another days / from / to, token and chain), ${CONNECTIONS} connections, ${SECONDS} s`);
  out(`bare: a bare Fastify server sending a body of the ${DAYS}-day answers' mean size (bytes) under the same load: the machine's limit for them`);
  out(
    `${'route'.padEnd(16)} ${'empty req/s'.padStart(12)} ${'p99'.padStart(7)}   ${`${DAYS}d req/s`.padStart(12)} ${'p99'.padStart(7)} ${'bytes'.padStart(8)} ${'bare req/s'.padStart(11)}   target`,
  );
  for (const route of ROUTES) {
    const [e, f] = [before.loads.get(route.name)!, after.loads.get(route.name)!];
    const ok = f.rps >= TARGET_RPS && f.p99 < TARGET_P99_MS && f.non2xx + f.errors + f.timeouts === 0;
    const p99 = (load: Load) => (load.rps > 0 ? `${load.p99} ms` : '-');
    const failed = (load: Load) => `${load.timeouts} timed out, ${load.non2xx} non-2xx, ${load.errors} other errors`;
    out(
      `${route.name.padEnd(16)} ${e.rps.toFixed(0).padStart(12)} ${p99(e).padStart(7)}   ${f.rps.toFixed(0).padStart(12)} ${p99(f).padStart(7)} ${after.answerBytes.get(route.name)!.toFixed(0).padStart(8)} ${bare.get(route.name)!.toFixed(0).padStart(11)}   >= ${TARGET_RPS}/s, p99 < ${TARGET_P99_MS} ms ${verdict(ok)}` +
        `${f.non2xx + f.errors + f.timeouts ? ` (filled: ${failed(f)})` : ''}${e.non2xx + e.errors + e.timeouts ? ` (empty: ${failed(e)})` : ''}`,
    );
  }

  out(`\nAPI process resident memory (the whole stack's process: API, projector, ingestor, notifier)`);
  out(`empty database: ${before.rssIdle.toFixed(0)} MB after start, ${before.rssPeak.toFixed(0)} MB at most under the varied load`);
  out(`${DAYS} days:${' '.repeat(Math.max(1, 9 - String(DAYS).length))}${after.rssIdle.toFixed(0)} MB after start, ${after.rssPeak.toFixed(0)} MB at most under the varied load   target < ${TARGET_RSS_MB} MB ${verdict(after.rssPeak < TARGET_RSS_MB)}`);

  const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
  out(`\ntable sizes, ${DAYS} days (MB; rows estimated by the planner)`);
  out(`${'table'.padEnd(28)} ${'rows'.padStart(12)} ${'total'.padStart(10)} ${'indexes'.padStart(10)}`);
  const sizes = await tableSizes(filled.url);
  for (const size of sizes.filter((each) => each.total >= 1_048_576)) {
    out(`${size.table.padEnd(28)} ${size.rows.toLocaleString('en').padStart(12)} ${mb(size.total).padStart(10)} ${mb(size.indexes).padStart(10)}`);
  }
  const readModels = sizes.filter((each) => !each.table.startsWith('event_log'));
  const log = sizes.filter((each) => each.table.startsWith('event_log'));
  const sum = (list: TableSize[]) => list.reduce((total, each) => total + each.total, 0);
  out(`read models ${mb(sum(readModels))} MB, event log ${mb(sum(log))} MB (${sizes.length - sizes.filter((each) => each.total >= 1_048_576).length} tables under 1 MB not listed)`);

  out(`\nrebuilding price_history and price_candles on the ${DAYS}-day copy (rebuildProjections)...`);
  const dataDir = await mkdtemp(join(tmpdir(), 'xsd-scale-rebuild-'));
  // The built services: Nest's injection needs the decorator metadata tsc emits and tsx does not.
  const dist = (path: string) => new URL(`../../services/dist/${path}`, import.meta.url).href;
  const { rebuildProjections } = (await import(dist('apps/rebuild.js'))) as typeof Rebuild;
  const { loadConfig } = (await import(dist('config/config.js'))) as typeof Config;
  // The Nest start-up lines of each rebuild's worker would bury the figures.
  Logger.overrideLogger(['warn', 'error']);
  const config = loadConfig({ ...process.env, DATABASE_URL: filled.url, NATS_URL: '', XSD_DATA_DIR: dataDir, XSD_METRICS_PORT: '0', XSD_LOG_LEVEL: 'warn' });
  // Both at once, as `xsd projections rebuild` does them: one read of the log, one swap each.
  let failures = 0;
  const started = performance.now();
  try {
    await rebuildProjections(config, ['price_history', 'price_candles'], (line) => out(`  ${line}`));
  } catch (error) {
    failures += 1;
    out(`  failed after ${((performance.now() - started) / 1000).toFixed(1)} s: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const total = (performance.now() - started) / 1000;
  await rm(dataDir, { recursive: true, force: true });
  const year = (total * 365) / DAYS;
  const scaled = DAYS === 365 ? '' : `, ${year.toFixed(0)} s for a year at that rate`;
  out(
    `rebuild of both: ${total.toFixed(1)} s for ${DAYS} days${scaled}${failures ? ` (${failures} failed: a lower bound)` : ''}   target a year < ${TARGET_REBUILD_S} s ${verdict(failures === 0 && year < TARGET_REBUILD_S)}`,
  );
} finally {
  await filled.drop();
  await empty.drop();
}

out(missed === 0 ? '\nall targets met' : `\n${missed} target(s) missed`);
process.exit(missed === 0 ? 0 : 1);
