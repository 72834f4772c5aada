import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteTestDatabase, createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import type { DatabaseHandle } from './database.js';
import { float8Columns, float8Rows } from './float8-rows.js';

/** Rows given out of order: a group's bytes follow `order`, nulls come back NaN, bigints and fractions exact. */
const ROWS = [
  { grp: 'a', at: 3, price: -0.125, block: null },
  { grp: 'a', at: 1, price: 0.4123456789012345, block: '9007199254740991' },
  { grp: 'b', at: 2, price: 1e-300, block: '0' },
  { grp: 'a', at: 2, price: 123456.75, block: '42' },
];

async function groups(handle: DatabaseHandle): Promise<Record<string, Float64Array[]>> {
  const values = sql.join(ROWS.map((row) => sql`(${row.grp}, ${row.at}::int, ${row.price}::float8, ${row.block}::bigint)`));
  const { rows } = await sql<{ grp: string; bytes: Uint8Array | null }>`
    select g.grp, r.bytes
    from (values ('a'), ('b'), ('none')) as g(grp),
    lateral (
      select ${float8Rows([sql`t.at`, sql`t.price`, sql`t.block`], sql`t.at`)} as bytes
      from (values ${values}) as t(grp, at, price, block)
      where t.grp = g.grp
    ) r
    order by g.grp`.execute(handle.db);
  return Object.fromEntries(rows.map(({ grp, bytes }) => [grp, float8Columns(bytes, 3)]));
}

const plain = (columns: Float64Array[]) => columns.map((column) => Array.from(column));

describe.each([
  ['PostgreSQL', async () => createTestDatabase()],
  ['PGlite', async () => ({ handle: await createPgliteTestDatabase(), drop: async () => undefined }) as Pick<TestDatabase, 'handle' | 'drop'>],
])('float8Rows on %s', (_name, open) => {
  let database: Pick<TestDatabase, 'handle' | 'drop'>;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.handle.close();
    await database?.drop();
  });

  it("reads each group's rows back as columns, in order, a null as NaN, and no rows as empty columns", async () => {
    const read = await groups(database.handle);
    expect(plain(read.a)).toEqual([
      [1, 2, 3],
      [0.4123456789012345, 123456.75, -0.125],
      [9007199254740991, 42, Number.NaN],
    ]);
    expect(plain(read.b)).toEqual([[2], [1e-300], [0]]);
    expect(plain(read.none)).toEqual([[], [], []]);
  });
});
