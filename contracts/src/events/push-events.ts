import { z } from 'zod';
import { NotificationPreferencesSchema } from '../api/alerts.js';
import { AlertListsSchema, PushPayloadSchema } from '../api/push.js';

/**
 * Web push: subscriptions with the alert rules their browser registered, what the notifier
 * triggered and how each delivery went, and staff / API-key broadcasts. Nothing about a visitor
 * but the endpoint, its keys, its preferences and its rules is kept.
 */

/** `subscriptionId` is a UUID derived from the endpoint (v5), so an upsert lands on one aggregate. */
const subscriptionId = z.uuid();
const endpoint = z.string().min(1).max(1024);

export const PushSubscriptionSavedData = z.object({
  subscriptionId,
  endpoint,
  p256dh: z.string().min(1).max(128),
  auth: z.string().min(1).max(64),
  preferences: NotificationPreferencesSchema,
  alerts: AlertListsSchema,
  /**
   * The save's Idempotency-Key, when it had one: `id` derived from the client and the key, and the
   * request's SHA-256, so a retry stores nothing and the key reused for another body is refused.
   */
  request: z.object({ id: z.uuid(), fingerprint: z.string().regex(/^[0-9a-f]{64}$/) }).optional(),
});

export const PushSubscriptionRemovedData = z.object({
  subscriptionId,
  endpoint,
  /** The visitor turned push off, or the push service answered 404 / 410. */
  reason: z.enum(['unsubscribed', 'expired']),
});

/** One alert of one subscription that fired; `triggerId` is deterministic so a trigger is sent once. */
export const AlertTrigger = z.object({
  triggerId: z.uuid(),
  subscriptionId,
  alertId: z.string().min(1).max(64),
  /** 'news': a breaking news item sent to the bound Telegram chats that take system updates (alertId: the item). */
  kind: z.enum(['price', 'silver', 'calendar', 'news']),
  /** The price (or event start) that made it fire. */
  value: z.number().nullable(),
  payload: PushPayloadSchema,
  /** The push's `Urgency`: high for a reminder of an event about to start. */
  urgency: z.enum(['very-low', 'low', 'normal', 'high']).default('normal'),
  /**
   * When the message stops being worth delivering: the push's TTL counts down to it (a trigger sent
   * late, after a restart, waits less on an offline device), and one not sent by then is not sent.
   * Null: an hour after the trigger.
   */
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type AlertTriggerItem = z.infer<typeof AlertTrigger>;

/**
 * Triggers per event: one price event crossing 10,000 thresholds is recorded as several events,
 * each well within JetStream's 1 MB message limit (a trigger with its payload is about 500 bytes).
 */
export const PUSH_TRIGGERS_BATCH_MAX = 500;

/** The notifier's evaluation of one price / silver event or reminder pass, as one batch. */
export const AlertsTriggeredData = z.object({
  /** The event (or reminder minute) that was evaluated. */
  sourceId: z.string().min(1).max(80),
  triggers: z.array(AlertTrigger).min(1).max(PUSH_TRIGGERS_BATCH_MAX),
});

export const PushDelivery = z.object({
  /** A trigger or a broadcast. */
  triggerId: z.uuid(),
  subscriptionId,
  outcome: z.enum(['sent', 'failed', 'pruned']),
  /** The push service's last HTTP status, null when it could not be reached. */
  status: z.number().int().nullable(),
  /** 0 when nothing was sent: the subscription was gone, its keys could not encrypt, or the trigger expired first. */
  attempts: z.number().int().min(0),
});
export type PushDeliveryItem = z.infer<typeof PushDelivery>;

/**
 * Deliveries per event: a fan-out to 10,000 subscriptions is recorded as several events, each well
 * within JetStream's 1 MB message limit (about 150 bytes per delivery).
 */
export const PUSH_DELIVERIES_BATCH_MAX = 1_000;

export const PushDeliveriesRecordedData = z.object({
  deliveries: z.array(PushDelivery).min(1).max(PUSH_DELIVERIES_BATCH_MAX),
});

/** A notification sent to every subscription with systemUpdates on. */
export const PushBroadcastSentData = z.object({
  broadcastId: z.uuid(),
  source: z.enum(['api_key', 'breaking_news']),
  /** The news item, for breaking news; the key's id for the API-key sender. */
  sourceId: z.string().min(1).max(64),
  title: z.string().max(200),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  total: z.number().int().min(0),
});
