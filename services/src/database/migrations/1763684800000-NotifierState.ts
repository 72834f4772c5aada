import { type Kysely, sql } from 'kysely';

/**
 * The notifier's working state (see `read-models/push/notifier.tables.ts`): the subscriptions and rules it
 * folds from the log itself, each rule's re-arm state and last firing, and every trigger from its
 * decision to its delivery. Its checkpoint is the `notifier` row of projection_checkpoints.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifier_subscriptions')
    .addColumn('subscription_id', 'uuid', (c) => c.primaryKey())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('price_alerts', 'boolean', (c) => c.notNull())
    .addColumn('silver_alerts', 'boolean', (c) => c.notNull())
    .addColumn('calendar_events', 'boolean', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notifier_rules')
    .addColumn('subscription_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('token', 'text')
    .addColumn('chain', 'text')
    .addColumn('condition', 'text')
    .addColumn('threshold', 'double precision')
    .addColumn('event_id', 'text')
    .addColumn('event_date', 'text')
    .addColumn('start_offset_ms', 'bigint')
    .addColumn('reminder_minutes', 'integer')
    .addColumn('armed', 'boolean', (c) => c.notNull())
    .addColumn('last_triggered_at', 'timestamptz')
    .addPrimaryKeyConstraint('notifier_rules_pkey', ['subscription_id', 'kind', 'alert_id'])
    .addCheckConstraint('notifier_rules_kind_check', sql`kind in ('price', 'silver', 'calendar')`)
    .execute();
  // Each price event reads the enabled rules of its token and chain; silver and reminders by kind.
  await db.schema
    .createIndex('notifier_rules_price_idx')
    .on('notifier_rules')
    .columns(['token', 'chain'])
    .where(sql<boolean>`kind = 'price' and enabled`)
    .execute();
  await db.schema.createIndex('notifier_rules_kind_idx').on('notifier_rules').column('kind').where(sql.ref('enabled'), '=', true).execute();

  await db.schema
    .createTable('notifier_triggers')
    .addColumn('trigger_id', 'uuid', (c) => c.primaryKey())
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('urgency', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('triggered_at', 'timestamptz', (c) => c.notNull())
    .addColumn('appended', 'boolean', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('status', 'integer')
    .addColumn('attempts', 'integer')
    .addColumn('recorded_at', 'timestamptz')
    .addCheckConstraint('notifier_triggers_outcome_check', sql`outcome in ('sent', 'failed', 'pruned')`)
    .execute();
  // What is left to send, oldest first; what is left to append; what is old enough to forget.
  await db.schema
    .createIndex('notifier_triggers_sendable_idx')
    .on('notifier_triggers')
    .column('triggered_at')
    .where(sql<boolean>`appended and outcome is null`)
    .execute();
  await db.schema.createIndex('notifier_triggers_outbox_idx').on('notifier_triggers').column('event_id').where(sql<boolean>`not appended`).execute();
  await db.schema.createIndex('notifier_triggers_recorded_at_idx').on('notifier_triggers').column('recorded_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifier_triggers').execute();
  await db.schema.dropTable('notifier_rules').execute();
  await db.schema.dropTable('notifier_subscriptions').execute();
  await db.deleteFrom('projection_checkpoints').where('name', '=', 'notifier').execute();
}
