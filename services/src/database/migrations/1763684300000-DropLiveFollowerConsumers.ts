import { type Kysely, sql } from 'kysely';

/**
 * Live followers (one per API process) once kept a consumer row named live_<host>_<pid> in the
 * embedded log; they keep none now, so the rows left by processes that are gone are removed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from event_log_consumers where name like 'live\\_%'`.execute(db);
}

/** The rows described processes that no longer exist: there is nothing to restore. */
export async function down(_db: Kysely<any>): Promise<void> {}
