import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../database/schema.js';
import type { Projection } from './projection.js';

/**
 * A rebuild writes a projection's tables into a schema of their own (same table names, same
 * constraint and index names) and swaps them in at the end, so readers keep the complete old rows
 * until the new ones are complete. The projection's own write path fills them: its statements name
 * tables without a schema, and the rebuild's transactions put the shadow schema first on the
 * search_path.
 */
export function shadowSchema(projection: Projection): string {
  return `rebuild_${projection.name}`;
}

interface TableObject {
  readonly name: string;
  readonly definition: string;
}

/** The schema the live tables are in (the connection's first, `public` unless DATABASE_URL says otherwise). */
async function liveSchema(db: Kysely<DB> | Transaction<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0].schema;
}

/** A live table's constraints that need an index or another table (primary key, unique, exclusion, foreign key). */
async function constraintsOf(db: Kysely<DB>, schema: string, table: string): Promise<(TableObject & { foreign: boolean })[]> {
  const { rows } = await sql<{ name: string; definition: string; type: string }>`
    select k.conname as name, pg_get_constraintdef(k.oid) as definition, k.contype as type
    from pg_constraint k
    join pg_class t on t.oid = k.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${schema} and t.relname = ${table} and k.contype in ('p', 'u', 'x', 'f')
    order by k.conname`.execute(db);
  return rows.map((row) => ({ name: row.name, definition: row.definition, foreign: row.type === 'f' }));
}

/** A live table's indexes that no constraint owns, as CREATE INDEX statements on its shadow. */
async function indexesOf(db: Kysely<DB>, schema: string, table: string): Promise<(TableObject & { unique: boolean })[]> {
  const { rows } = await sql<{ name: string; definition: string; unique: boolean; qualified: string }>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition, i.indisunique as unique,
      quote_ident(n.nspname) || '.' || quote_ident(t.relname) as qualified
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${schema} and t.relname = ${table}
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid)
    order by c.relname`.execute(db);
  const shadow = (qualified: string) => qualified.replace(/^[^.]+\./, '');
  return rows.map((row) => {
    const on = ` ON ${row.qualified} `;
    if (!row.definition.includes(on)) throw new Error(`Cannot copy index ${row.name}: unexpected definition ${row.definition}`);
    // Named as the live one: an index lives in its table's schema, so the names do not clash.
    return { name: row.name, definition: row.definition.replace(on, ` ON ${shadow(row.qualified)} `), unique: row.unique };
  });
}

/** Puts the shadow schema first for the rest of the transaction: the projection's statements then write there. */
export async function useShadow(trx: Transaction<DB>, projection: Projection, live: string): Promise<void> {
  await sql`set local search_path to ${sql.id(shadowSchema(projection))}, ${sql.id(live)}`.execute(trx);
}

/**
 * Empty copies of the projection's tables in a fresh shadow schema: columns, defaults, checks,
 * keys, unique indexes (a projection's upserts need them while it loads) and the indexes its own
 * writes read (`loadIndexes`), foreign keys among them. The other indexes come after the load
 * (`indexShadow`), which is much faster than keeping them up to date row by row, and so do the
 * keys of a table loaded with COPY (and its `loadIndexes`, once its prune is due: `indexForPruning`).
 * Returns the live schema's name.
 */
export async function createShadow(db: Kysely<DB>, projection: Projection): Promise<string> {
  const live = await liveSchema(db);
  const shadow = shadowSchema(projection);
  const tables = await Promise.all(
    projection.tables.map(async (table) => ({
      table,
      constraints: await constraintsOf(db, live, table),
      indexes: await indexesOf(db, live, table),
    })),
  );
  await db.transaction().execute(async (trx) => {
    // A rebuild that died part-way leaves its shadow behind; it is never read.
    await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(trx);
    await sql`create schema ${sql.id(shadow)}`.execute(trx);
    await useShadow(trx, projection, live);
    for (const { table } of tables) {
      await sql`create table ${sql.id(shadow, table)} (like ${sql.id(live, table)} including all excluding indexes)`.execute(trx);
    }
    const loading = tables.filter(({ table }) => !copiedInto(projection, table));
    for (const { table, constraints } of loading) await addConstraints(trx, shadow, table, constraints, false);
    for (const { table, indexes } of tables) {
      for (const { definition } of indexes.filter((index) => neededWhileLoading(projection, table, index))) await sql.raw(definition).execute(trx);
    }
    for (const { table, constraints } of loading) await addConstraints(trx, shadow, table, constraints, true);
  });
  return live;
}

/** A table the projection loads with COPY (`Projection.copy`): its keys and indexes come after its rows. */
function copiedInto(projection: Projection, table: string): boolean {
  return projection.copy?.table === table;
}

/**
 * Keys and other constraints, the foreign ones apart (after every key they may reference).
 * Unqualified in a foreign key's definition, a referenced table resolves to the shadow's copy when
 * this projection owns it.
 */
async function addConstraints(
  trx: Transaction<DB>,
  shadow: string,
  table: string,
  constraints: readonly (TableObject & { foreign: boolean })[],
  foreign: boolean,
): Promise<void> {
  for (const { name, definition } of constraints.filter((each) => each.foreign === foreign)) {
    await sql`alter table ${sql.id(shadow, table)} add constraint ${sql.id(name)} ${sql.raw(definition)}`.execute(trx);
  }
}

function neededWhileLoading(projection: Projection, table: string, index: { readonly name: string; readonly unique: boolean }): boolean {
  return !copiedInto(projection, table) && (index.unique || (projection.loadIndexes?.includes(index.name) ?? false));
}

/**
 * Builds the `loadIndexes` of the table a projection loads with COPY, once its retention has rows
 * to delete (`CopyRetention`): from then on each page's prune reads them.
 */
export async function indexForPruning(db: Kysely<DB>, projection: Projection, live: string, table: string): Promise<void> {
  const indexes = await indexesOf(db, live, table);
  await db.transaction().execute(async (trx) => {
    await useShadow(trx, projection, live);
    for (const { definition } of indexes.filter((index) => projection.loadIndexes?.includes(index.name))) await sql.raw(definition).execute(trx);
  });
}

/** Dead rows a shadow table may hold before the rebuild vacuums it. */
export const SHADOW_VACUUM_DEAD_ROWS = 50_000;

/**
 * Vacuums the shadow's tables that hold many dead rows. A rebuild of pruned read models (price
 * readings, candles) deletes as fast as it loads, far faster than autovacuum's pace (and some
 * servers run without it): each prune's index scan would otherwise step over every row deleted so
 * far, and a year's rebuild slowed to a crawl. Counts come from the statistics collector.
 */
export async function vacuumShadow(db: Kysely<DB>, projection: Projection): Promise<void> {
  const { rows } = await sql<{ table: string }>`
    select relname as table from pg_stat_user_tables
    where schemaname = ${shadowSchema(projection)} and n_dead_tup >= ${SHADOW_VACUUM_DEAD_ROWS}`.execute(db);
  if (rows.length > 0) await sql`vacuum ${sql.join(rows.map(({ table }) => sql.id(shadowSchema(projection), table)))}`.execute(db);
}

/**
 * Builds what the shadow's tables lack of the live ones' once they hold the bulk of the rows (the
 * keys of a table loaded with COPY, indexes), and their planner statistics. A key that finds the
 * rows of an event the log holds twice (an append retried past JetStream's duplicate window) drops
 * the second copies and is built again: rare, so the common load pays no pass to look for them.
 */
export async function indexShadow(db: Kysely<DB>, projection: Projection, live: string): Promise<void> {
  const shadow = shadowSchema(projection);
  for (const table of projection.tables) {
    const [constraints, indexes, built] = await Promise.all([
      constraintsOf(db, live, table),
      indexesOf(db, live, table),
      namesOn(db, shadow, table),
    ]);
    const missing = constraints.filter(({ name }) => !built.has(name));
    const build = () =>
      db.transaction().execute(async (trx) => {
        await useShadow(trx, projection, live);
        await addConstraints(trx, shadow, table, missing, false);
        for (const { definition } of indexes.filter(({ name }) => !built.has(name))) await sql.raw(definition).execute(trx);
        await addConstraints(trx, shadow, table, missing, true);
      });
    try {
      await build();
    } catch (error) {
      if (!copiedInto(projection, table) || (error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
      await dropSecondCopies(db, shadow, table, await primaryKeyOf(db, live, table));
      await build();
    }
    await sql`analyze ${sql.id(shadow, table)}`.execute(db);
  }
}

/** The names of a table's constraints and indexes. */
async function namesOn(db: Kysely<DB>, schema: string, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`
    select k.conname as name from pg_constraint k
    join pg_class t on t.oid = k.conrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${schema} and t.relname = ${table}
    union
    select c.relname from pg_index i
    join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${schema} and t.relname = ${table}`.execute(db);
  return new Set(rows.map((row) => row.name));
}

const UNIQUE_VIOLATION = '23505';

/** The live table's primary key columns, in key order. */
async function primaryKeyOf(db: Kysely<DB>, schema: string, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select a.attname as column
    from pg_constraint k
    join pg_class t on t.oid = k.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    cross join lateral unnest(k.conkey) with ordinality as key(attnum, position)
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = key.attnum
    where n.nspname = ${schema} and t.relname = ${table} and k.contype = 'p'
    order by key.position`.execute(db);
  if (rows.length === 0) throw new Error(`${schema}.${table} has no primary key: a projection loaded with COPY needs one`);
  return rows.map((row) => row.column);
}

/** Keeps one row of each key (the copies are the same event's, so any one). */
async function dropSecondCopies(db: Kysely<DB>, shadow: string, table: string, key: readonly string[]): Promise<void> {
  await sql`
    delete from ${sql.id(shadow, table)} where ctid = any(array(
      select ctid from (
        select ctid, row_number() over (partition by ${sql.join(key.map((column) => sql.id(column)))}) as copy
        from ${sql.id(shadow, table)}) copies
      where copy > 1))`.execute(db);
}

/**
 * Replaces the live tables by their shadows inside the caller's transaction (which also moves the
 * checkpoint): readers see the old rows until it commits and the new ones after, never a mix.
 */
export async function swapInShadow(trx: Transaction<DB>, projection: Projection, live: string): Promise<void> {
  const shadow = shadowSchema(projection);
  // One statement for all of them: foreign keys among a projection's tables do not stop it.
  await sql`drop table ${sql.join(projection.tables.map((table) => sql.id(live, table)))}`.execute(trx);
  for (const table of projection.tables) await sql`alter table ${sql.id(shadow, table)} set schema ${sql.id(live)}`.execute(trx);
  await sql`drop schema ${sql.id(shadow)}`.execute(trx);
}

/** Drops a rebuild's shadow after a failure; the live tables are untouched. */
export async function dropShadow(db: Kysely<DB>, projection: Projection): Promise<void> {
  await sql`drop schema if exists ${sql.id(shadowSchema(projection))} cascade`.execute(db);
}
