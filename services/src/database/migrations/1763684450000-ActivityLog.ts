import { type Kysely, sql } from 'kysely';

/**
 * The activity log: one row per staff or system action of the event log (who, what, which item,
 * the fields before and after), keyed by the event's sequence so a replay never doubles a row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity_log')
    .addColumn('sequence', 'bigint', (c) => c.primaryKey())
    .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema.createIndex('activity_log_occurred_at_idx').on('activity_log').column('occurred_at').execute();
  await db.schema.createIndex('activity_log_actor_idx').on('activity_log').columns(['actor_id', 'sequence']).execute();
  await db.schema.createIndex('activity_log_target_idx').on('activity_log').columns(['target_kind', 'target_id', 'sequence']).execute();
  await db.schema.createIndex('activity_log_action_idx').on('activity_log').columns(['action', 'sequence']).execute();
  await sql`create index activity_log_actor_email_idx on activity_log (lower(actor_email), sequence)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity_log').execute();
}
