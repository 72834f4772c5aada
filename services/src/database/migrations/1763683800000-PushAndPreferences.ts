import { type Kysely, sql } from 'kysely';

/** Web push subscriptions, the server-side alert rules attached to them, dashboard layouts. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('endpoint', 'text', (c) => c.primaryKey())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // No foreign key to notification_subscriptions: a rule's projection may replay rules of a
  // subscription that was removed since; the notifier skips rules whose subscription is gone and
  // the projection deletes a subscription's rules when it is removed.
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
  await db.schema
    .createIndex('alert_rules_subscription_endpoint_idx')
    .on('alert_rules')
    .column('subscription_endpoint')
    .execute();
  await db.schema
    .createIndex('alert_rules_enabled_kind_idx')
    .on('alert_rules')
    .column('kind')
    .where(sql.ref('enabled'), '=', true)
    .execute();

  await db.schema
    .createTable('user_dashboard_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('layout', 'jsonb')
    .addColumn('widgets', 'jsonb')
    .addColumn('theme', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_dashboard_preferences').execute();
  await db.schema.dropTable('alert_rules').execute();
  await db.schema.dropTable('notification_subscriptions').execute();
}
