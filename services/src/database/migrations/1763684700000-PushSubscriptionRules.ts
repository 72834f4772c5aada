import { type Kysely, sql } from 'kysely';

/**
 * Push subscriptions keyed by their id (a UUID v5 of the endpoint, the aggregate the events are
 * stored on) with the visitor's four preferences; alert rules keyed by (subscription, kind, alert
 * id), so a re-save keeps a rule's last firing; one row per push delivery for the 24-hour figures.
 * No user id: nothing about a visitor but the endpoint, its keys, preferences and rules is kept.
 *
 * The tables of 1763683800000 were never written (no projection fed them), so they are replaced
 * rather than altered. Times come from the events, never `now()`, so a rebuild gives equal rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_rules').execute();
  await db.schema.dropTable('notification_subscriptions').execute();

  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('price_alerts', 'boolean', (c) => c.notNull())
    .addColumn('silver_alerts', 'boolean', (c) => c.notNull())
    .addColumn('calendar_events', 'boolean', (c) => c.notNull())
    .addColumn('system_updates', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_subscriptions_system_updates_idx')
    .on('notification_subscriptions')
    .column('id')
    .where(sql.ref('system_updates'), '=', true)
    .execute();

  await db.schema
    .createTable('alert_rules')
    .addColumn('subscription_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('last_triggered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_rules_pkey', ['subscription_id', 'kind', 'alert_id'])
    .addCheckConstraint('alert_rules_kind_check', sql`kind in ('price', 'silver', 'calendar')`)
    .execute();
  await db.schema.createIndex('alert_rules_enabled_kind_idx').on('alert_rules').column('kind').where(sql.ref('enabled'), '=', true).execute();

  await db.schema
    .createTable('push_deliveries')
    .addColumn('trigger_id', 'uuid', (c) => c.notNull())
    .addColumn('subscription_id', 'uuid', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_deliveries_pkey', ['trigger_id', 'subscription_id'])
    .addCheckConstraint('push_deliveries_outcome_check', sql`outcome in ('sent', 'failed', 'pruned')`)
    .execute();
  await db.schema.createIndex('push_deliveries_recorded_at_idx').on('push_deliveries').column('recorded_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_deliveries').execute();
  await db.schema.dropTable('alert_rules').execute();
  await db.schema.dropTable('notification_subscriptions').execute();
  // The shapes of 1763683800000-PushAndPreferences.
  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('endpoint', 'text', (c) => c.primaryKey())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('subscription_endpoint', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_triggered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('alert_rules_kind_check', sql`kind in ('price', 'silver', 'calendar')`)
    .execute();
  await db.schema.createIndex('alert_rules_subscription_endpoint_idx').on('alert_rules').column('subscription_endpoint').execute();
  await db.schema.createIndex('alert_rules_enabled_kind_idx').on('alert_rules').column('kind').where(sql.ref('enabled'), '=', true).execute();
}
