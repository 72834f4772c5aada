import { Injectable } from '@nestjs/common';
import type { AlertLists, NotificationPreferences } from '@xsd/contracts/api/alerts';
import type { Transaction } from 'kysely';
import type { DB } from '../../database/schema.js';
import { DatabaseRepository } from '../database-repository.js';

/** A link as `/start` finds it. */
export interface TelegramLinkRow {
  readonly link_id: string;
  readonly preferences: NotificationPreferences;
  readonly alerts: AlertLists;
  readonly expires_at: Date;
  readonly used_at: Date | null;
}

/** A bound chat's rule, as `/alerts` lists it. */
export interface TelegramRuleRow {
  readonly kind: string;
  readonly enabled: boolean;
  readonly token: string | null;
  readonly chain: string | null;
  readonly condition: string | null;
  readonly threshold: number | null;
  readonly event_id: string | null;
  readonly event_date: string | null;
  readonly reminder_minutes: number | null;
  readonly title: string | null;
}

/** The SQL of the notifier's Telegram state (links, the update offset, a chat's rules); see notifier.tables.ts. */
@Injectable()
export class NotifierTelegramRepository extends DatabaseRepository {
  /** A new link, folded from the log; links past their expiry go at the same time, so the table stays small. */
  async saveLink(
    trx: Transaction<DB>,
    link: { linkId: string; codeHash: string; preferences: NotificationPreferences; alerts: AlertLists; expiresAt: string },
    now: string,
  ): Promise<void> {
    await trx.deleteFrom('notifier_telegram_links').where('expires_at', '<', new Date(now)).execute();
    await trx
      .insertInto('notifier_telegram_links')
      .values({
        link_id: link.linkId,
        code_hash: link.codeHash,
        preferences: JSON.stringify(link.preferences),
        alerts: JSON.stringify(link.alerts),
        expires_at: link.expiresAt,
      })
      .onConflict((oc) => oc.column('link_id').doNothing())
      .execute();
  }

  async markLinkUsed(trx: Transaction<DB>, linkId: string, at: string): Promise<void> {
    await trx.updateTable('notifier_telegram_links').set({ used_at: at }).where('link_id', '=', linkId).where('used_at', 'is', null).execute();
  }

  async linkByCodeHash(codeHash: string): Promise<TelegramLinkRow | undefined> {
    const row = await this.db.selectFrom('notifier_telegram_links').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
    return row && { link_id: row.link_id, preferences: row.preferences as unknown as NotificationPreferences, alerts: row.alerts as unknown as AlertLists, expires_at: row.expires_at, used_at: row.used_at };
  }

  /** The subscription a chat is bound under, if it is. */
  async boundSubscription(chatId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('notifier_subscriptions').select('subscription_id').where('telegram_chat_id', '=', chatId).executeTakeFirst();
    return row?.subscription_id;
  }

  /** Bound chats (for tests and the fan-out benchmark). */
  async boundChats(): Promise<number[]> {
    const rows = await this.db.selectFrom('notifier_subscriptions').select('telegram_chat_id').where('telegram_chat_id', 'is not', null).orderBy('telegram_chat_id').execute();
    return rows.map((row) => Number(row.telegram_chat_id));
  }

  async rulesOf(subscriptionId: string): Promise<TelegramRuleRow[]> {
    return this.db
      .selectFrom('notifier_rules as r')
      .leftJoin('calendar_events as e', (join) => join.on((eb) => eb(eb.cast('e.id', 'text'), '=', eb.ref('r.event_id'))))
      .select(['r.kind', 'r.enabled', 'r.token', 'r.chain', 'r.condition', 'r.threshold', 'r.event_id', 'r.event_date', 'r.reminder_minutes', 'e.title'])
      .where('r.subscription_id', '=', subscriptionId)
      .orderBy('r.kind')
      .orderBy('r.alert_id')
      .execute();
  }

  /** A breaking news item as staff keep it now (inside the fold's transaction). */
  newsItem(trx: Transaction<DB>, id: string): Promise<{ id: string; title: string; content: string } | undefined> {
    return trx.selectFrom('breaking_news').select(['id', 'title', 'content']).where('id', '=', id).executeTakeFirst();
  }

  /** The next update_id to ask the Bot API for (0: whatever it holds). */
  async offset(botId: number): Promise<number> {
    const row = await this.db.selectFrom('notifier_telegram_offset').select('next_offset').where('bot_id', '=', botId).executeTakeFirst();
    return row ? Number(row.next_offset) : 0;
  }

  async saveOffset(botId: number, nextOffset: number): Promise<void> {
    await this.db
      .insertInto('notifier_telegram_offset')
      .values({ bot_id: botId, next_offset: nextOffset })
      .onConflict((oc) => oc.column('bot_id').doUpdateSet({ next_offset: nextOffset }))
      .execute();
  }
}
