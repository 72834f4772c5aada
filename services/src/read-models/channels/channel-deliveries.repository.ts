import { Injectable } from '@nestjs/common';
import type { ChannelEvent, ChannelKind } from '@xsd/contracts/api/admin-channels';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../database/schema.js';
import { DatabaseRepository } from '../database-repository.js';
import type { ChannelTarget } from './channels.repository.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** A message decided for one channel: what goes into the outbox. */
export interface NewChannelDelivery {
  readonly deliveryId: string;
  readonly channelId: string;
  readonly sourceId: string;
  readonly event: ChannelEvent;
  readonly message: Record<string, string | null>;
  readonly createdAt: string;
}

/** A delivery due for a try, with its channel as it is now (null: deleted). */
export interface DueChannelDelivery {
  readonly delivery_id: string;
  readonly channel_id: string;
  readonly message: Record<string, string | null>;
  readonly attempts: number;
  readonly created_at: Date;
  readonly channel: (ChannelTarget & { readonly paused: boolean }) | null;
}

/** All SQL of the notifier's channel state (see channels.tables.ts): the outbox and the peg marks. */
@Injectable()
export class ChannelDeliveriesRepository extends DatabaseRepository {
  /** Channels not paused that take `event`, as the read model has them now. */
  async subscribed(trx: Executor, event: ChannelEvent): Promise<{ id: string; kind: ChannelKind }[]> {
    return trx
      .selectFrom('channels')
      .select(['id', 'kind'])
      .where('paused', '=', false)
      .where(sql<boolean>`${event} = any(events)`)
      .orderBy('id')
      .execute();
  }

  /** Into the outbox; a delivery decided again (a redelivered batch) is stored once. */
  async insert(trx: Executor, deliveries: readonly NewChannelDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await trx
      .insertInto('channel_deliveries')
      .values(
        deliveries.map((d) => ({
          delivery_id: d.deliveryId,
          channel_id: d.channelId,
          source_id: d.sourceId,
          event: d.event,
          message: JSON.stringify(d.message),
          status: 'pending' as const,
          next_attempt_at: d.createdAt,
          created_at: d.createdAt,
        })),
      )
      .onConflict((oc) => oc.column('delivery_id').doNothing())
      .execute();
  }

  /** Pending deliveries whose next try is due, oldest first, leaving out those being tried. */
  async due(now: Date, limit: number, taking: ReadonlySet<string>): Promise<DueChannelDelivery[]> {
    if (limit <= 0) return [];
    const rows = await this.db
      .selectFrom('channel_deliveries as d')
      .leftJoin('channels as c', 'c.id', 'd.channel_id')
      .select(['d.delivery_id', 'd.channel_id', 'd.message', 'd.attempts', 'd.created_at', 'c.id', 'c.kind', 'c.name', 'c.url_or_chat', 'c.secret', 'c.paused'])
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', now)
      .$if(taking.size > 0, (q) => q.where(sql<boolean>`not (d.delivery_id = any(${[...taking]}::uuid[]))`))
      .orderBy('d.next_attempt_at')
      .orderBy('d.delivery_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      delivery_id: row.delivery_id,
      channel_id: row.channel_id,
      message: row.message as unknown as Record<string, string | null>,
      attempts: row.attempts,
      created_at: row.created_at,
      channel:
        row.id === null
          ? null
          : { id: row.id, kind: row.kind!, name: row.name!, url_or_chat: row.url_or_chat!, secret: row.secret, paused: row.paused! },
    }));
  }

  /** The outcome of one try: `status` pending with its next try, or final (delivered, failed, skipped). */
  async recordTry(
    deliveryId: string,
    outcome: { status: 'pending' | 'delivered' | 'failed' | 'skipped'; attempts: number; lastStatus: number | null; error: string | null; nextAttemptAt: Date | null },
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable('channel_deliveries')
      .set({
        status: outcome.status,
        attempts: outcome.attempts,
        last_status: outcome.lastStatus,
        last_error: outcome.error,
        ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
        finished_at: outcome.status === 'pending' ? null : now,
      })
      .where('delivery_id', '=', deliveryId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Every pending delivery of a paused channel: not tried again. */
  async skipPending(channelId: string, reason: string, now: Date): Promise<void> {
    await this.db
      .updateTable('channel_deliveries')
      .set({ status: 'skipped', last_error: reason, finished_at: now })
      .where('channel_id', '=', channelId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Forgets finished deliveries older than `before` (the tab shows the newest few): the table stays bounded. */
  async forgetFinished(before: Date): Promise<void> {
    await this.db.deleteFrom('channel_deliveries').where('status', '!=', 'pending').where('created_at', '<', before).execute();
  }

  async pegMark(trx: Executor, mark: string): Promise<{ tier: string | null; value: number | null } | undefined> {
    return trx.selectFrom('channel_peg_marks').select(['tier', 'value']).where('mark', '=', mark).executeTakeFirst();
  }

  async setPegMark(trx: Executor, mark: string, values: { tier: string | null; value: number | null }): Promise<void> {
    await trx
      .insertInto('channel_peg_marks')
      .values({ mark, ...values })
      .onConflict((oc) => oc.column('mark').doUpdateSet(values))
      .execute();
  }

  /** Counts by status, for tests and the benchmark. */
  async counts(): Promise<Record<'pending' | 'delivered' | 'failed' | 'skipped', number>> {
    const rows = await this.db.selectFrom('channel_deliveries').select(['status', sql<number>`count(*)::int`.as('n')]).groupBy('status').execute();
    const counts = { pending: 0, delivered: 0, failed: 0, skipped: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }
}
