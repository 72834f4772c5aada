import type { ChannelDeliveryStatus, ChannelEvent, ChannelKind } from '@xsd/contracts/api/admin-channels';
import type { ColumnType } from 'kysely';
import type { Json, JsonObject, Timestamp } from '../../database/column-types.js';

/** The channels read model, from the channel events (projector). */
export interface ChannelsTable {
  id: string;
  kind: ChannelKind;
  name: string;
  url_or_chat: string;
  events: ColumnType<ChannelEvent[], ChannelEvent[], ChannelEvent[]>;
  /** `whsec_…` of a webhook: signs its deliveries; never answered. */
  secret: string | null;
  paused: ColumnType<boolean, boolean | undefined, boolean>;
  paused_reason: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * The notifier's outbox for channels: one row per message and channel (a deterministic id, also the
 * `webhook-id`), written in the notifier's checkpoint transaction, then tried until it is delivered,
 * has failed its last try, or its channel is paused or gone (skipped).
 */
export interface ChannelDeliveriesTable {
  delivery_id: string;
  channel_id: string;
  source_id: string;
  event: ChannelEvent;
  message: Json<JsonObject>;
  status: ChannelDeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_status: number | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** The last silver gram price (`silver`) and the XSD peg tier per chain (`<chain>`), for price alerts. */
export interface ChannelPegMarksTable {
  mark: string;
  tier: string | null;
  value: number | null;
}
