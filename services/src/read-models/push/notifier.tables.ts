import type { AlertTriggerItem, PushDeliveryItem } from '@xsd/contracts/events/push-events';
import type { Generated } from 'kysely';
import type { Json, JsonObject, Timestamp } from '../../database/column-types.js';
import type { AlertKind } from '../../database/column-types.js';
import type { SubscriptionTargetColumns } from './push.tables.js';

/*
 * The notifier's own working state, beside the subscriptions the push projection keeps
 * (push.tables.ts): this folder is the one home of subscription state. Written only by the
 * notifier (never by the projector), in the same transaction as its checkpoint: so a price event is evaluated against exactly the rules
 * registered before it in the log, whatever the projector's pace. Nothing of a visitor but the
 * endpoint, its keys, its three alert preferences and its rules is kept.
 */

/**
 * A push subscription or a bound Telegram chat as the notifier needs it: where to send (the
 * endpoint and its keys, or the chat id; never both), and which kinds it accepts.
 */
export interface NotifierSubscriptionsTable extends Omit<SubscriptionTargetColumns, 'endpoint' | 'p256dh' | 'auth'> {
  subscription_id: string;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  telegram_chat_id: number | null;
  /** Breaking news (Telegram chats; web push takes it through the API's broadcast). */
  system_updates: Generated<boolean>;
}

/** A link waiting for its chat's `/start`: the alerts it binds, until it is used or expires. */
export interface NotifierTelegramLinksTable {
  link_id: string;
  /** SHA-256 of the code (hex): the code itself is a bearer secret and is never stored. */
  code_hash: string;
  preferences: Json<JsonObject>;
  alerts: Json<JsonObject>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** The Bot API update offset of each bot (the next update_id to ask for). */
export interface NotifierTelegramOffsetTable {
  bot_id: number;
  next_offset: number;
}

/** One registered alert and what it remembers between readings. */
export interface NotifierRulesTable {
  subscription_id: string;
  kind: AlertKind;
  alert_id: string;
  enabled: boolean;
  /** Price alerts. */
  token: string | null;
  chain: string | null;
  /** Price and silver alerts: 'above' | 'below' and the threshold in USD (per gram for silver). */
  condition: string | null;
  threshold: number | null;
  /** Calendar alerts: the event, the visitor's start instant as saved, the reminder in minutes. */
  event_id: string | null;
  event_date: string | null;
  /**
   * The visitor's start minus the event's floating start read as UTC, when the event was known at
   * save time: the visitor's time zone, so a reminder follows an event staff moved later.
   */
  start_offset_ms: number | null;
  reminder_minutes: number | null;
  /** Price and silver alerts: false from a firing until the price moved back by the margin. */
  armed: boolean;
  last_triggered_at: Timestamp | null;
}

/** As `push.deliveries-recorded` says it went. */
export type NotifierTriggerOutcome = PushDeliveryItem['outcome'];

/**
 * One trigger from its decision to its delivery. A row is written when the trigger is decided
 * (`appended` false: the outbox), becomes sendable once its `push.alerts-triggered` event is in
 * the log, and holds its outcome once `push.deliveries-recorded` says how it went.
 */
export interface NotifierTriggersTable {
  trigger_id: string;
  /** The push.alerts-triggered event that carries it (a deterministic id). */
  event_id: string;
  source_id: string;
  subscription_id: string;
  kind: AlertTriggerItem['kind'];
  alert_id: string;
  value: number | null;
  payload: Json<JsonObject>;
  urgency: string;
  expires_at: Timestamp;
  triggered_at: Timestamp;
  appended: boolean;
  outcome: NotifierTriggerOutcome | null;
  status: number | null;
  attempts: number | null;
  recorded_at: Timestamp | null;
}
