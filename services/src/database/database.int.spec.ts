import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteTestDatabase, createTestDatabase, withAdmin } from '../testing/test-database.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { onReadLane } from './read-lane.js';

describe('openDatabase', () => {
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('keeps an embedded database under <dataDir>/pglite, creating the folders, across a reopen', async () => {
    const root = await mkdtemp(join(tmpdir(), 'silverboard-db-'));
    folders.push(root);
    const dataDir = join(root, 'nested', '.data');

    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    await migrateToLatest(first.db);
    await first.db.insertInto('projection_checkpoints').values({ name: 'prices', sequence: 42 }).execute();
    await first.close();
    await first.close();

    expect(await readdir(join(dataDir, 'pglite'))).toContain('PG_VERSION');
    const second = await openDatabase({ dataDir });
    try {
      expect(await migrateToLatest(second.db)).toEqual([]);
      const row = await second.db.selectFrom('projection_checkpoints').select('sequence').executeTakeFirstOrThrow();
      expect(row.sequence).toBe(42);
    } finally {
      await second.close();
    }
  });

  it('gives each test its own migrated PostgreSQL database, dropped afterwards', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(a.handle.kind).toBe('postgres');
    expect(a.url).not.toBe(b.url);
    await a.handle.db.insertInto('chain_settings').values({ chain_name: 'BSC', is_active: false }).execute();
    expect(await b.handle.db.selectFrom('chain_settings').selectAll().execute()).toEqual([]);
    expect(await migrateToLatest(a.handle.db)).toEqual([]);

    // A second connection of the code under test does not stop the drop.
    const other = await openDatabase({ url: a.url });
    await other.db.selectFrom('chain_settings').selectAll().execute();
    await Promise.all([a.drop(), b.drop()]);
    await other.close();
    const gone = await openDatabase({ url: a.url });
    try {
      await expect(gone.db.selectFrom('chain_settings').selectAll().execute()).rejects.toMatchObject({ code: '3D000' });
    } finally {
      await gone.close();
    }
  });

  it('stays up when a connection in use loses its server (a restart, a terminated backend); the pool opens new ones', async () => {
    const database = await createTestDatabase();
    const handle = await openDatabase({ url: database.url });
    try {
      let checkedOut!: () => void;
      const inUse = new Promise<void>((resolve) => (checkedOut = resolve));
      let terminated!: () => void;
      const afterTermination = new Promise<void>((resolve) => (terminated = resolve));
      // Held between queries, as the leader's advisory lock connection is.
      const held = handle.db.connection().execute(async (connection) => {
        await sql`select 1`.execute(connection);
        checkedOut();
        await afterTermination;
        return sql`select 1`.execute(connection).then(
          () => 'answered',
          () => 'failed',
        );
      });
      await inUse;
      const name = new URL(database.url).pathname.slice(1);
      await withAdmin((admin) => admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]));
      // The server's notice and the closed socket reach the client (an uncaught 'error' would end the run here).
      await new Promise((resolve) => setTimeout(resolve, 300));
      terminated();
      expect(await held).toBe('failed');
      expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('answers read-lane queries while every shared connection is taken, and the others once one is free', async () => {
    const database = await createTestDatabase({ empty: true });
    const handle = await openDatabase({ url: database.url, poolSize: 1 });
    try {
      const backend = sql<{ pid: number }>`select pg_backend_pid() as pid`;
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding = () => {};
      const held = new Promise<void>((resolve) => (holding = resolve));
      // The shared pool's one connection is held by a transaction until released.
      const writer = handle.db.transaction().execute(async (trx) => {
        const { rows } = await backend.execute(trx);
        holding();
        await released;
        return rows[0]!.pid;
      });
      await held;
      const order: string[] = [];
      const waiting = backend.execute(handle.db).then(({ rows }) => (order.push('shared'), rows[0]!.pid));
      // Every query of a lane read takes a lane connection, after an await as well.
      const lane = await onReadLane(async () => {
        const first = await backend.execute(handle.db);
        const second = await backend.execute(handle.db);
        order.push('lane');
        return [first.rows[0]!.pid, second.rows[0]!.pid];
      });
      release();
      const [writerPid, waitingPid] = await Promise.all([writer, waiting]);
      expect(order).toEqual(['lane', 'shared']);
      expect(waitingPid).toBe(writerPid);
      expect(lane).not.toContain(writerPid);
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('gives migrated PGlite databases, in memory and on disk', async () => {
    const memory = await createPgliteTestDatabase();
    try {
      expect(memory.kind).toBe('pglite');
      expect(await migrateToLatest(memory.db)).toEqual([]);
    } finally {
      await memory.close();
    }

    const root = await mkdtemp(join(tmpdir(), 'silverboard-db-'));
    folders.push(root);
    const disk = await createPgliteTestDatabase(root);
    await disk.db.insertInto('chain_settings').values({ chain_name: 'Base' }).execute();
    await disk.close();
    const reopened = await createPgliteTestDatabase(root);
    try {
      expect(await reopened.db.selectFrom('chain_settings').select('chain_name').execute()).toEqual([{ chain_name: 'Base' }]);
    } finally {
      await reopened.close();
    }
  });
});

describe.each(['postgres', 'pglite'] as const)('copyRows on %s', (kind) => {
  it('loads rows of every kind of value as written, in its own turn beside a transaction in progress, and keeps the connection usable after a refused load', async () => {
    const test = kind === 'postgres' ? await createTestDatabase() : null;
    const handle = test?.handle ?? (await createPgliteTestDatabase());
    try {
      const { db } = handle;
      await sql`create schema loads`.execute(db);
      await sql`create table loads.rows (id int primary key, label text, price float8, at timestamptz)`.execute(db);
      const rows = [
        [1, 'tab\there, line\nthere, back\\slash, cr\r', 1.05, '2026-01-01T00:00:00.000Z'],
        [2, null, -2e-7, null],
        [3, '\\N is text here', 0, '2026-01-01T00:00:00.001Z'],
      ] as const;

      // A transaction holds the embedded session meanwhile: the load waits for it, never runs inside it.
      let committed = false;
      const transaction = db.transaction().execute(async (trx) => {
        await sql`insert into loads.rows (id) values (99)`.execute(trx);
        await new Promise((resolve) => setTimeout(resolve, 100));
        committed = true;
      });
      expect(await handle.copyRows({ schema: 'loads', table: 'rows' }, ['id', 'label', 'price', 'at'], rows)).toBe(3);
      await transaction;
      expect(committed).toBe(true);

      const { rows: stored } = await sql<{ id: number; label: string | null; price: number | null; at: Date | null }>`
        select id, label, price, at from loads.rows order by id`.execute(db);
      expect(stored).toEqual([
        { id: 1, label: rows[0][1], price: 1.05, at: new Date(rows[0][3]) },
        { id: 2, label: null, price: -2e-7, at: null },
        { id: 3, label: rows[2][1], price: 0, at: new Date(rows[2][3]) },
        { id: 99, label: null, price: null, at: null },
      ]);

      // A duplicate key refuses the whole load, and the next statements run as before.
      await expect(handle.copyRows({ schema: 'loads', table: 'rows' }, ['id'], [[4], [1]])).rejects.toMatchObject({ code: '23505' });
      expect(await handle.copyRows({ schema: 'loads', table: 'rows' }, ['id'], [[5]])).toBe(1);
      const { rows: ids } = await sql<{ id: number }>`select id from loads.rows order by id`.execute(db);
      expect(ids.map(({ id }) => id)).toEqual([1, 2, 3, 5, 99]);
    } finally {
      await (test ? test.drop() : handle.close());
    }
  });
});
