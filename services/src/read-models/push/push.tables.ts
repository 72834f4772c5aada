import type { PushDeliveryItem } from '@xsd/contracts/events/push-events';
import type { AlertKind, Json, JsonObject, Timestamp } from '../../database/column-types.js';

/** Where a subscription's pushes go and which alerts it accepts: the columns both subscription tables hold. */
export interface SubscriptionTargetColumns {
  endpoint: string;
  p256dh: string;
  auth: string;
  price_alerts: boolean;
  silver_alerts: boolean;
  calendar_events: boolean;
}

/** One browser's push subscription and its notification preferences. Written by the push subscriptions projection. */
export interface NotificationSubscriptionsTable extends SubscriptionTargetColumns {
  /** UUID v5 of the endpoint (`pushSubscriptionId`). */
  id: string;
  system_updates: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One alert a subscription registered. `params` is the alert as the browser keeps it, without
 * id, enabled and lastTriggered; `last_triggered_at` is the later of the browser's lastTriggered and
 * the notifier's last `push.alerts-triggered` for it.
 */
export interface AlertRulesTable {
  subscription_id: string;
  kind: AlertKind;
  alert_id: string;
  params: Json<JsonObject>;
  enabled: boolean;
  last_triggered_at: Timestamp | null;
  created_at: Timestamp;
}

/** As `push.deliveries-recorded` says it went. */
export type PushDeliveryOutcome = PushDeliveryItem['outcome'];

/** One push to one subscription (a trigger's or a broadcast's). Written by the push deliveries projection. */
export interface PushDeliveriesTable {
  trigger_id: string;
  subscription_id: string;
  outcome: PushDeliveryOutcome;
  status: number | null;
  attempts: number;
  recorded_at: Timestamp;
}
