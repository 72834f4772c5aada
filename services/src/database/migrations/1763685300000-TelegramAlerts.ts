import { type Kysely, sql } from 'kysely';

/**
 * Telegram alerts in the notifier's state: a bound chat is a notifier subscription whose target is
 * a chat id instead of a push endpoint (and which may take breaking news, `system_updates`); the
 * links waiting for their `/start` (the code's hash only, dropped once expired); and the Bot API's
 * update offset, so a restarted notifier neither loses nor repeats a command.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notifier_subscriptions')
    .alterColumn('endpoint', (c) => c.dropNotNull())
    .alterColumn('p256dh', (c) => c.dropNotNull())
    .alterColumn('auth', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('notifier_subscriptions')
    .addColumn('telegram_chat_id', 'bigint', (c) => c.unique())
    .addColumn('system_updates', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('notifier_subscriptions')
    .addCheckConstraint('notifier_subscriptions_target_check', sql`(telegram_chat_id is null) = (endpoint is not null and p256dh is not null and auth is not null)`)
    .execute();

  await db.schema
    .createTable('notifier_telegram_links')
    .addColumn('link_id', 'uuid', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('preferences', 'jsonb', (c) => c.notNull())
    .addColumn('alerts', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('notifier_telegram_links_expires_at_idx').on('notifier_telegram_links').column('expires_at').execute();

  await db.schema
    .createTable('notifier_telegram_offset')
    .addColumn('bot_id', 'bigint', (c) => c.primaryKey())
    .addColumn('next_offset', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifier_telegram_offset').execute();
  await db.schema.dropTable('notifier_telegram_links').execute();
  await sql`delete from notifier_rules where subscription_id in (select subscription_id from notifier_subscriptions where telegram_chat_id is not null)`.execute(db);
  await db.deleteFrom('notifier_subscriptions').where('telegram_chat_id', 'is not', null).execute();
  await db.schema.alterTable('notifier_subscriptions').dropConstraint('notifier_subscriptions_target_check').execute();
  await db.schema.alterTable('notifier_subscriptions').dropColumn('telegram_chat_id').dropColumn('system_updates').execute();
  await db.schema
    .alterTable('notifier_subscriptions')
    .alterColumn('endpoint', (c) => c.setNotNull())
    .alterColumn('p256dh', (c) => c.setNotNull())
    .alterColumn('auth', (c) => c.setNotNull())
    .execute();
}
