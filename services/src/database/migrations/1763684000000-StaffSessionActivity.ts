import { type Kysely, sql } from 'kysely';

/**
 * Staff accounts, credentials and sessions become read models of the staff events (so rebuilding
 * admin_users, whose rows the others reference, restores them too). When a session was last used
 * is not an event: it moves to a table of its own that the auth service writes and a rebuild
 * leaves alone. No foreign key, for that reason; rows of ended sessions are harmless.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_session_activity')
    .addColumn('session_id', 'uuid', (c) => c.primaryKey())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('staff_sessions').dropColumn('last_seen_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_sessions').addColumn('last_seen_at', 'timestamptz').execute();
  await sql`
    update staff_sessions set last_seen_at = a.last_seen_at
    from staff_session_activity a where a.session_id = staff_sessions.id`.execute(db);
  await db.schema.dropTable('staff_session_activity').execute();
}
