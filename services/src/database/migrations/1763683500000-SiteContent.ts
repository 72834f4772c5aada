import { type Kysely, sql } from 'kysely';

/**
 * News, calendar, chain settings, maintenance and contact. `created_by`, `updated_by` and
 * `replied_by` hold staff ids without foreign keys: each read model is rebuilt on its own, and
 * must not depend on the order in which other projections replay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('breaking_news')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('info'))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('notify_users', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('breaking_news_type_check', sql`type in ('info', 'warning', 'success', 'error')`)
    .addCheckConstraint('breaking_news_priority_check', sql`priority between 1 and 5`)
    .execute();
  // Public read: active, unexpired, by priority then newest.
  await db.schema
    .createIndex('breaking_news_public_idx')
    .on('breaking_news')
    .columns(['priority desc', 'created_at desc'])
    .where(sql.ref('is_active'), '=', true)
    .execute();

  await db.schema
    .createTable('calendar_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('event'))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date')
    .addColumn('start_time', 'time')
    .addColumn('end_time', 'time')
    .addColumn('location', 'text')
    .addColumn('url', 'text')
    .addColumn('notify_users', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'calendar_events_type_check',
      sql`type in ('announcement', 'update', 'maintenance', 'event', 'deadline')`,
    )
    .execute();
  await db.schema.createIndex('calendar_events_start_date_idx').on('calendar_events').column('start_date').execute();

  await db.schema
    .createTable('chain_settings')
    .addColumn('chain_name', 'text', (c) => c.primaryKey())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('display_name', 'text')
    .addColumn('maintenance_message', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid')
    .execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('maintenance_mode', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('maintenance_message', 'text')
    .addColumn('maintenance_title', 'text')
    .addColumn('expected_up_time', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('site_settings_created_at_idx').on('site_settings').column('created_at').execute();

  await db.schema
    .createTable('contact_submissions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo('General Inquiry'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('photo_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('admin_reply', 'text')
    .addColumn('replied_at', 'timestamptz')
    .addColumn('replied_by', 'uuid')
    .addCheckConstraint('contact_submissions_status_check', sql`status in ('new', 'read', 'replied', 'archived')`)
    .execute();
  await db.schema
    .createIndex('contact_submissions_created_at_idx')
    .on('contact_submissions')
    .column('created_at')
    .execute();
  // The header's new-message count.
  await db.schema
    .createIndex('contact_submissions_new_idx')
    .on('contact_submissions')
    .column('created_at')
    .where(sql.ref('status'), '=', 'new')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_submissions').execute();
  await db.schema.dropTable('site_settings').execute();
  await db.schema.dropTable('chain_settings').execute();
  await db.schema.dropTable('calendar_events').execute();
  await db.schema.dropTable('breaking_news').execute();
}
