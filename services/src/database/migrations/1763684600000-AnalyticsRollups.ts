import type { Kysely } from 'kysely';

/**
 * Per-day aggregates of analytics_visits, kept by the analytics projection, so the statistics of a
 * window read at most a row per day (per page for top pages) and never the raw visits. Unique
 * visitors over "the last N days" are the visitors last seen on or after the window's first day,
 * so one row per visitor suffices.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('visits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mobile', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('desktop', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('timed_sessions', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bounces', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_sum', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('analytics_daily_pages')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('visits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_daily_pages_pkey', ['day', 'page'])
    .execute();

  await db.schema
    .createTable('analytics_visitors')
    .addColumn('visitor_id', 'text', (c) => c.primaryKey())
    .addColumn('last_seen', 'date', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('analytics_visitors_last_seen_idx').on('analytics_visitors').column('last_seen').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_visitors').execute();
  await db.schema.dropTable('analytics_daily_pages').execute();
  await db.schema.dropTable('analytics_daily').execute();
}
