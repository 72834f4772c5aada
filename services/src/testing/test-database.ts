import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, IN_MEMORY, openDatabase, pgliteDirectory } from '../database/database.js';
import { PgliteDialect } from '../database/pglite-dialect.js';
import { PgliteThread } from '../database/pglite-thread.js';
import { migrateToLatest, migrations } from '../database/migrate.js';

/**
 * Test databases. On PostgreSQL each test gets its own database cloned from a migrated template
 * (a clone takes milliseconds; migrating takes much longer). The template's name carries a hash
 * of the migrations (names and code), so adding or editing one makes a new template instead of
 * reusing a stale one. Server: `XSD_TEST_DATABASE_URL`, default the local trust-auth server below.
 */
const ADMIN_URL = process.env.XSD_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const SCHEMA_HASH = createHash('sha256')
  .update(
    Object.entries(migrations)
      .map(([name, migration]) => `${name}\n${String(migration.up)}\n${String(migration.down)}`)
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 12);
const TEMPLATE = `silverboard_template_${SCHEMA_HASH}`;
/** Key of the advisory lock that makes one process build the template while others wait. */
const TEMPLATE_LOCK_KEY = Number.parseInt(SCHEMA_HASH.slice(0, 8), 16);
const SNAPSHOT_FILE = join(tmpdir(), `silverboard-pglite-${SCHEMA_HASH}.tar`);
const PGLITE_TEMPLATE_DIR = join(tmpdir(), `silverboard-pglite-dir-${SCHEMA_HASH}`);

let templateReady: Promise<void> | null = null;
let snapshotReady: Promise<Blob> | null = null;
let pgliteTemplateReady: Promise<void> | null = null;

export interface TestDatabase {
  readonly handle: DatabaseHandle;
  /** URL of the database, for code under test that opens its own connections. */
  readonly url: string;
  /** Closes the handle, ends every other connection to the database and drops it. */
  drop(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** An empty database instead of a migrated one (for testing the migrations themselves). */
  readonly empty?: boolean;
}

export async function createTestDatabase({ empty = false }: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  if (!empty) {
    await (templateReady ??= ensureTemplate().catch((error: unknown) => {
      templateReady = null;
      throw error;
    }));
  }
  const name = `silverboard_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = empty ? 'template0' : TEMPLATE;
  await withAdmin((client) => client.query(`create database ${quote(name)} template ${quote(template)}`));
  const url = databaseUrl(name);
  const handle = await openDatabase({ url, poolSize: 5 });
  let dropping: Promise<void> | null = null;
  return {
    handle,
    url,
    drop: () =>
      (dropping ??= (async () => {
        await handle.close();
        await withAdmin((client) => client.query(`drop database if exists ${quote(name)} with (force)`));
      })()),
  };
}

/**
 * A PGlite database with every migration applied, in memory or under `<dataDir>/pglite`. A new
 * one starts from a dump of a migrated database (kept in memory, and in the system's temporary
 * folder under the migrations' hash), which takes about a second instead of several.
 */
export async function createPgliteTestDatabase(dataDir: string = IN_MEMORY): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ dataDir, pgliteSnapshot: await pgliteSnapshot() });
  } catch {
    // A snapshot file left by another PGlite version may not load: build a fresh one.
    snapshotReady = buildSnapshot();
    handle = await openDatabase({ dataDir, pgliteSnapshot: await pgliteSnapshot() });
  }
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * Gives a new data folder a migrated PGlite database (`<dataDir>/pglite`), copied from a template
 * folder made once per schema on this machine: a stack then starts several seconds sooner than
 * one that migrates a new folder. The template is built under a private name and renamed, so a
 * copy never finds half of it.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  await (pgliteTemplateReady ??= ensurePgliteTemplate().catch((error: unknown) => {
    pgliteTemplateReady = null;
    throw error;
  }));
  await cp(PGLITE_TEMPLATE_DIR, pgliteDirectory(dataDir), { recursive: true });
}

async function ensurePgliteTemplate(): Promise<void> {
  if (existsSync(join(PGLITE_TEMPLATE_DIR, 'PG_VERSION'))) return;
  const building = `${PGLITE_TEMPLATE_DIR}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await (await createPgliteTestDatabase(building)).close();
    // Another process may have renamed its own template into place first: theirs is as good.
    await rename(pgliteDirectory(building), PGLITE_TEMPLATE_DIR).catch((error: NodeJS.ErrnoException) => {
      if (!existsSync(join(PGLITE_TEMPLATE_DIR, 'PG_VERSION'))) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

function pgliteSnapshot(): Promise<Blob> {
  snapshotReady ??= readFile(SNAPSHOT_FILE).then((bytes) => new Blob([bytes]), buildSnapshot);
  return snapshotReady.catch((error: unknown) => {
    snapshotReady = null;
    throw error;
  });
}

async function buildSnapshot(): Promise<Blob> {
  const pglite = await PgliteThread.open();
  const db = new Kysely<any>({ dialect: new PgliteDialect({ pglite }) });
  let snapshot: Blob;
  try {
    await migrateToLatest(db);
    snapshot = await pglite.dumpDataDir();
  } finally {
    await db.destroy();
  }
  // Written under a private name and renamed, so a reader never sees half a file.
  const partial = `${SNAPSHOT_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, new Uint8Array(await snapshot.arrayBuffer()));
  await rename(partial, SNAPSHOT_FILE);
  return snapshot;
}

/**
 * Builds the template once per schema, whichever process gets there first: under an advisory
 * lock, a template that exists is complete, because it is migrated under a scratch name and only
 * renamed when done. Connections to it are then refused, so cloning never finds it busy.
 */
async function ensureTemplate(): Promise<void> {
  await withAdmin(async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [TEMPLATE]);
      if (rowCount) return;
      const scratch = `${TEMPLATE}_building`;
      await client.query(`drop database if exists ${quote(scratch)} with (force)`);
      await client.query(`create database ${quote(scratch)}`);
      const handle = await openDatabase({ url: databaseUrl(scratch), poolSize: 1 });
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(`alter database ${quote(scratch)} rename to ${quote(TEMPLATE)}`);
      await client.query(`alter database ${quote(TEMPLATE)} with is_template true allow_connections false`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

/** Work on a connection to the server's maintenance database (creating and dropping databases). */
export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The connection URL of database `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Names here are generated from [a-z0-9_], quoting is for form. */
function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
