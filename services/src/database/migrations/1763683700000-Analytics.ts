import { type Kysely, sql } from 'kysely';

/** Page visits and custom events, one row per analytics event (`event_id` unique). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_visits')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('referrer', 'text')
    .addColumn('device_type', 'text')
    .addColumn('session_duration', 'integer')
    .addColumn('country', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('analytics_visits_device_type_check', sql`device_type in ('mobile', 'desktop')`)
    .addCheckConstraint('analytics_visits_session_duration_check', sql`session_duration >= 0`)
    .execute();
  await db.schema.createIndex('analytics_visits_created_at_idx').on('analytics_visits').column('created_at').execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('visitor_id', 'text')
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_data', 'jsonb')
    .addColumn('page', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('analytics_events_created_at_idx').on('analytics_events').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute();
  await db.schema.dropTable('analytics_visits').execute();
}
