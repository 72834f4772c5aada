import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../database/schema.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { PriceHistoryRepository, READING_SPAN_COLUMNS } from './price-history.repository.js';

const START_MS = Date.UTC(2026, 0, 1);
const TICK_MS = 30_000;
const READINGS = 20_000;

/** Every node of an EXPLAIN (FORMAT JSON) plan, depth first. */
function planNodes(node: { 'Node Type': string; 'Index Name'?: string; Plans?: unknown[] }): { type: string; index?: string }[] {
  return [{ type: node['Node Type'], index: node['Index Name'] }, ...(node.Plans ?? []).flatMap((child) => planNodes(child as typeof node))];
}

describe('PriceHistoryRepository on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let logged: { sql: string; parameters: readonly unknown[] } | null = null;
  let repository: PriceHistoryRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    // The repository's statements as sent, to EXPLAIN them as they are.
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: (event) => void (logged = event.query) });
    repository = new PriceHistoryRepository({ db });
    // Two pairs' readings interleaved a tick at a time, as the ingestor writes them.
    await sql`
      insert into price_history (id, token_name, chain_name, price, block_number, timestamp)
      select gen_random_uuid(), pair.token, pair.chain, 1 + n / 1e6, case when n % 10 = 0 then null else n end,
        to_timestamp((${START_MS}::float8 + n * ${TICK_MS}) / 1000)
      from generate_series(0, ${READINGS - 1}) as n, (values ('XSD', 'Ethereum'), ('BankX', 'Base')) as pair(token, chain)`.execute(database.handle.db);
    // The visibility map and statistics as autovacuum leaves them.
    await sql`vacuum analyze price_history`.execute(database.handle.db);
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it("reads a pair's readings as columns with an index-only scan, never the table's pages", async () => {
    const fromMs = START_MS + 1_000 * TICK_MS;
    const [columns] = await repository.readingSpans([{ token: 'XSD', chain: 'Ethereum', fromMs, toMs: null }]);
    expect(columns).toHaveLength(READING_SPAN_COLUMNS);
    const [times, prices, blocks] = columns;
    expect(times).toHaveLength(READINGS - 1_000);
    expect([times[0], prices[0], blocks[0]]).toEqual([fromMs, 1.001, Number.NaN]);
    expect([times[1], prices[1], blocks[1]]).toEqual([fromMs + TICK_MS, 1.001001, 1_001]);

    const statement = logged!;
    const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: Parameters<typeof planNodes>[0] }] }>(`explain (format json) ${statement.sql}`, [...statement.parameters]);
    const scans = planNodes(rows[0]['QUERY PLAN'][0].Plan).filter(({ type }) => /Scan/.test(type) && type !== 'Function Scan');
    expect(scans).toEqual([{ type: 'Index Only Scan', index: 'price_history_token_chain_timestamp_idx' }]);
  });

  it("reads a span's newest readings walking the index backwards, index-only", async () => {
    const toMs = START_MS + 5_000 * TICK_MS;
    const [columns] = await repository.newestReadings([{ token: 'XSD', chain: 'Ethereum', fromMs: START_MS + 10 * TICK_MS, toMs }], 1_000);
    const [times, prices] = columns;
    // The 1,000 readings before toMs (exclusive), oldest first.
    expect(times).toHaveLength(1_000);
    expect([times[0], times[999], prices[999]]).toEqual([toMs - 1_000 * TICK_MS, toMs - TICK_MS, 1.004999]);
    const [few] = await repository.newestReadings([{ token: 'BankX', chain: 'Base', fromMs: START_MS, toMs: START_MS + 3 * TICK_MS }], 1_000);
    expect(Array.from(few[0])).toEqual([START_MS, START_MS + TICK_MS, START_MS + 2 * TICK_MS]);

    const statement = logged!;
    const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: Parameters<typeof planNodes>[0] }] }>(`explain (format json) ${statement.sql}`, [...statement.parameters]);
    const scans = planNodes(rows[0]['QUERY PLAN'][0].Plan).filter(({ type }) => /Scan/.test(type) && !['Function Scan', 'Subquery Scan'].includes(type));
    expect(scans).toEqual([{ type: 'Index Only Scan', index: 'price_history_token_chain_timestamp_idx' }]);
  });
});
