import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../database/database.js';
import { createPgliteTestDatabase } from '../../testing/test-database.js';
import { describeEventLogConformance } from '../testing/event-log-conformance.js';
import { EmbeddedEventLog } from './embedded-event-log.js';

/**
 * One PGlite on disk for the whole file (starting one takes seconds), emptied before each test.
 * On disk, so that a reopened instance finds what the first one stored.
 */
let shared: { readonly dataDir: string; handle: DatabaseHandle } | null = null;

async function emptyEventLog(db: Kysely<any>): Promise<void> {
  await sql`truncate event_log, event_log_consumers`.execute(db);
  await db.updateTable('event_log_head').set({ last_sequence: 0 }).execute();
}

describeEventLogConformance('Embedded (PGlite)', async (delivery) => {
  if (!shared) {
    const dataDir = await mkdtemp(join(tmpdir(), 'xsd-event-log-'));
    shared = { dataDir, handle: await createPgliteTestDatabase(dataDir) };
  }
  const storage = shared;
  await emptyEventLog(storage.handle.db);
  return {
    log: new EmbeddedEventLog(storage.handle.db, delivery),
    reopen: async () => {
      await storage.handle.close();
      storage.handle = await openDatabase({ dataDir: storage.dataDir });
      return new EmbeddedEventLog(storage.handle.db, delivery);
    },
    cleanup: async () => undefined,
  };
});

afterAll(async () => {
  if (!shared) return;
  await shared.handle.close();
  await rm(shared.dataDir, { recursive: true, force: true });
});
