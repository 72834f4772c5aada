import { Injectable } from '@nestjs/common';
import {
  CHANNEL_RECENT_DELIVERIES,
  type Channel,
  type ChannelDelivery,
  type ChannelEvent,
  type ChannelKind,
} from '@xsd/contracts/api/admin-channels';
import { sql, type Selectable } from 'kysely';
import { DatabaseRepository } from '../database-repository.js';
import type { ChannelDeliveriesTable, ChannelsTable } from './channels.tables.js';

export type ChannelRow = Omit<Selectable<ChannelsTable>, 'secret'>;
const COLUMNS = ['id', 'kind', 'name', 'url_or_chat', 'events', 'paused', 'paused_reason', 'created_by', 'created_at', 'updated_at'] as const;

/** A channel the notifier delivers to, with what it signs with. */
export interface ChannelTarget {
  readonly id: string;
  readonly kind: ChannelKind;
  readonly name: string;
  readonly url_or_chat: string;
  readonly secret: string | null;
}

/** A Discord webhook URL carries its token as the last path segment: the list masks it. */
export function shownTarget(kind: ChannelKind, urlOrChat: string): string {
  if (kind !== 'discord') return urlOrChat;
  return urlOrChat.replace(/\/[^/?#]+(?=[?#]|$)/, '/••••••');
}

function toDelivery(row: Selectable<ChannelDeliveriesTable>): ChannelDelivery {
  const message = row.message as { title?: unknown };
  return {
    id: row.delivery_id,
    event: row.event,
    title: typeof message.title === 'string' ? message.title : '',
    status: row.status,
    attempts: row.attempts,
    last_status: row.last_status,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

export function toChannel(row: ChannelRow, deliveries: readonly Selectable<ChannelDeliveriesTable>[]): Channel {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url_or_chat: shownTarget(row.kind, row.url_or_chat),
    events: row.events,
    paused: row.paused,
    paused_reason: row.paused_reason,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deliveries: deliveries.map(toDelivery),
  };
}

/** Reads of channels, with each one's last deliveries. The secret is read only to sign. */
@Injectable()
export class ChannelsRepository extends DatabaseRepository {
  /** The Channels tab: newest first, each with its last CHANNEL_RECENT_DELIVERIES deliveries. */
  async all(): Promise<Channel[]> {
    const rows = await this.db.selectFrom('channels').select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return this.withDeliveries(rows);
  }

  async byId(id: string): Promise<Channel | undefined> {
    const row = await this.db.selectFrom('channels').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? (await this.withDeliveries([row]))[0] : undefined;
  }

  /** The kind and raw address of a channel (for checks on an edit), if it exists. */
  async target(id: string): Promise<ChannelTarget | undefined> {
    return this.db.selectFrom('channels').select(['id', 'kind', 'name', 'url_or_chat', 'secret']).where('id', '=', id).executeTakeFirst();
  }

  /** Channels not paused that take `event`. */
  async subscribed(event: ChannelEvent): Promise<ChannelTarget[]> {
    return this.db
      .selectFrom('channels')
      .select(['id', 'kind', 'name', 'url_or_chat', 'secret'])
      .where('paused', '=', false)
      .where(sql<boolean>`${event} = any(events)`)
      .orderBy('id')
      .execute();
  }

  private async withDeliveries(rows: readonly ChannelRow[]): Promise<Channel[]> {
    if (rows.length === 0) return [];
    const deliveries = await this.db
      .selectFrom(
        this.db
          .selectFrom('channel_deliveries')
          .selectAll()
          .select(sql<number>`row_number() over (partition by channel_id order by created_at desc, delivery_id)`.as('rank'))
          .where('channel_id', 'in', rows.map((row) => row.id))
          .as('d'),
      )
      .selectAll()
      .where('rank', '<=', CHANNEL_RECENT_DELIVERIES)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => toChannel(row, deliveries.filter((d) => d.channel_id === row.id)));
  }
}
