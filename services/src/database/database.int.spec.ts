import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteTestDatabase, createTestDatabase } from '../testing/test-database.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

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
