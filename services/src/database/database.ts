import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Logger } from '@nestjs/common';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type CopyRows, copyStatement, copyText } from './copy-rows.js';
import { lockDataDir } from './data-dir-lock.js';
import { PgliteDialect } from './pglite-dialect.js';
import { PgliteThread } from './pglite-thread.js';
import { inReadLane } from './read-lane.js';
import type { DB } from './schema.js';

export type Db = Kysely<DB>;

export interface DatabaseHandle {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Bulk loads with COPY (copy-rows.ts). */
  readonly copyRows: CopyRows;
  /** Closes the pool or the PGlite instance; safe to call twice. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL (`DATABASE_URL`); without one the embedded PGlite database is used. */
  readonly url?: string | null;
  /** `XSD_DATA_DIR`: PGlite keeps its files in `<dataDir>/pglite`; ':memory:' keeps nothing. */
  readonly dataDir?: string;
  /** Most connections the `pg` pool opens (default 10), besides the read lane's READ_LANE_SIZE. */
  readonly poolSize?: number;
  /**
   * Start a new embedded database from this dump (`PGlite.dumpDataDir`) instead of an empty one;
   * tests use it to skip PGlite's initdb and the migrations. Ignored when the data exists.
   */
  readonly pgliteSnapshot?: Blob;
}

export const IN_MEMORY = ':memory:';
const DEFAULT_DATA_DIR = '.data';
const DEFAULT_POOL_SIZE = 10;
/** Connections kept for onReadLane reads: a hot answer is read by one reload at a time, a few answers at once. */
export const READ_LANE_SIZE = 2;

/**
 * Opens the database. Both drivers return the same JavaScript values: int8 (bigint) and numeric
 * as numbers (precise up to 2^53, plenty for sequences, counts and prices), timestamptz as Date,
 * date as its 'YYYY-MM-DD' text, jsonb as parsed JSON.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? DEFAULT_POOL_SIZE)
    : openPglite(options.dataDir, options.pgliteSnapshot);
}

/** Type ids (pg_type.oid) whose default parsing we change (PGlite's parsers: pglite-worker.ts). */
const OID = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  int8Array: 1016,
  numericArray: 1231,
} as const;

const toNumber = (value: string): number => Number(value);
const keepText = (value: string): string => value;

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  // Parsers set on this pool only, never on the global `pg.types`.
  const types = new pg.TypeOverrides();
  types.setTypeParser(OID.int8, toNumber);
  types.setTypeParser(OID.numeric, toNumber);
  types.setTypeParser(OID.date, keepText);
  // The default array parsers return the items as strings; keep their parsing, convert the items.
  const defaultParser = pg.types.getTypeParser as (oid: number, format: 'text') => (value: string) => unknown;
  for (const oid of [OID.int8Array, OID.numericArray]) {
    const parseArray = defaultParser(oid, 'text') as (value: string) => (string | null)[];
    types.setTypeParser(oid, (value: string) => parseArray(value).map((item) => (item === null ? null : Number(item))));
  }

  const shared = new pg.Pool({ connectionString: url, max: poolSize, types });
  const readLane = new pg.Pool({ connectionString: url, max: READ_LANE_SIZE, types });
  for (const pool of [shared, readLane]) {
    // An idle client that loses its server (restart, terminated backend) is dropped by the pool and
    // the next query opens a new one; without a listener the 'error' event would end the process.
    pool.on('error', (error) => {
      new Logger('Database').warn(`PostgreSQL idle connection lost: ${error.message}`);
    });
    // A client in use has no listener of the pool's (it takes its own off while the client is out):
    // losing the server then fails the query in flight, or the next one on that client, and the
    // 'error' event the client emits as well must not end the process.
    pool.on('connect', (client) => client.on('error', () => undefined));
  }
  // Kysely takes a connection for each query (or transaction) from this pool.
  const pool = {
    connect: () => (inReadLane() ? readLane : shared).connect(),
    end: async () => {
      await Promise.all([shared.end(), readLane.end()]);
    },
  };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const copyRows: CopyRows = async (target, columns, rows) => {
    const client = await shared.connect();
    try {
      const copy = client.query(copyFrom(copyStatement(target, columns, 'STDIN')));
      await pipeline(Readable.from([copyText(rows)]), copy);
      client.release();
      return copy.rowCount;
    } catch (error) {
      // A COPY cut short leaves the connection in an unknown state: it is closed, not reused.
      client.release(error as Error);
      throw error;
    }
  };
  return handle(db, 'postgres', copyRows);
}

/** Where PGlite keeps its files (and its lock) under `XSD_DATA_DIR`. */
export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, 'pglite');
}

async function openPglite(dataDir: string = DEFAULT_DATA_DIR, snapshot?: Blob): Promise<DatabaseHandle> {
  let directory: string | undefined;
  let unlock = () => {};
  if (dataDir !== IN_MEMORY) {
    directory = pgliteDirectory(dataDir);
    await mkdir(directory, { recursive: true });
    unlock = await lockDataDir(directory);
  }
  // PGlite refuses a dump over existing data; an existing database is opened as it is.
  const hasData = directory !== undefined && existsSync(join(directory, 'PG_VERSION'));
  let pglite: PgliteThread;
  try {
    // In a worker thread: PGlite's synchronous work must not stop the API's event loop.
    pglite = await PgliteThread.open(directory, hasData ? undefined : snapshot);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PgliteDialect({ pglite }) });
  const copyRows: CopyRows = (target, columns, rows) =>
    pglite.copy(copyStatement(target, columns, `'/dev/blob'`), copyText(rows));
  return handle(db, 'pglite', copyRows, unlock);
}

function handle(db: Db, kind: DatabaseHandle['kind'], copyRows: CopyRows, unlock = () => {}): DatabaseHandle {
  let closing: Promise<void> | null = null;
  return {
    db,
    kind,
    copyRows,
    close: () => (closing ??= db.destroy().finally(unlock)),
  };
}
