import { type Kysely, sql } from 'kysely';

/**
 * Community channels: `channels` (the read model of the channel events; the webhook secret is kept
 * so the notifier can sign, and never answered), and the notifier's working state for them:
 * `channel_deliveries` (the outbox, one row per message and channel, written with its checkpoint)
 * and `channel_peg_marks` (the last silver price and XSD peg tier per chain, for price alerts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channels')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url_or_chat', 'text', (c) => c.notNull())
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('paused', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('paused_reason', 'text')
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('channels_kind_check', sql`kind in ('discord', 'webhook', 'telegram')`)
    .execute();

  await db.schema
    .createTable('channel_deliveries')
    .addColumn('delivery_id', 'uuid', (c) => c.primaryKey())
    .addColumn('channel_id', 'uuid', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('message', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addCheckConstraint('channel_deliveries_status_check', sql`status in ('pending', 'delivered', 'failed', 'skipped')`)
    .execute();
  await db.schema
    .createIndex('channel_deliveries_due_idx')
    .on('channel_deliveries')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('channel_deliveries_channel_idx').on('channel_deliveries').columns(['channel_id', 'created_at']).execute();

  await db.schema
    .createTable('channel_peg_marks')
    .addColumn('mark', 'text', (c) => c.primaryKey())
    .addColumn('tier', 'text')
    .addColumn('value', 'double precision')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('channel_peg_marks').execute();
  await db.schema.dropTable('channel_deliveries').execute();
  await db.schema.dropTable('channels').execute();
}
