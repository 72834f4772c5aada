/**
 * Alerts and web push: the spec's alert entities and notification preferences, the routes that
 * register them with the server (`/api/push/*`), the API-key sender and the payload the service
 * worker shows. Web, CLI, API and notifier all read these shapes and rules from here.
 */
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { CHAIN_NAMES, TOKEN_NAMES } from '../chains/names.js';

// ---------------------------------------------------------------------------------------------
// Spec constants (public-app.md sections 5 and 9)
// ---------------------------------------------------------------------------------------------

/** An alert re-triggers only after 15 minutes (900000 ms). */
export const ALERT_RETRIGGER_GAP_MS = 900_000;
/** The in-tab checker runs every 60 s. */
export const ALERT_CHECK_INTERVAL_MS = 60_000;
export const CALENDAR_REMINDER_OPTIONS = [5, 15, 30, 60, 120, 1440] as const;
export type CalendarReminderMinutes = (typeof CALENDAR_REMINDER_OPTIONS)[number];
export const DEFAULT_CALENDAR_REMINDER: CalendarReminderMinutes = 15;
/** Selectable events for a calendar alert: future, not already alerted, the first 5. */
export const CALENDAR_ALERT_CHOICES = 5;
export const TOKEN_ALERT_PRICE_STEP = '0.000001';
export const SILVER_ALERT_PRICE_STEP = '0.0001';
/**
 * Beyond the spec: once a price alert fired, it is re-armed only after the price moved back across
 * the threshold by this fraction of it (0.5 %), so a price hovering at the line is not a stream of
 * pushes even after the 15-minute gap.
 */
export const ALERT_REARM_MARGIN = 0.005;
/** The most alerts of each kind one subscription may register. */
export const MAX_ALERTS_PER_KIND = 50;
/** Web push payloads stay within 3 KB (push services accept about 4 KB after encryption). */
export const MAX_PUSH_PAYLOAD_BYTES = 3_072;

// ---------------------------------------------------------------------------------------------
// Entities (public-app.md section 3), as kept in the browser and sent to the server
// ---------------------------------------------------------------------------------------------

export const ALERT_CONDITIONS = ['above', 'below'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

const alertId = z.string().trim().min(1).max(64);
/** Epoch milliseconds of the last firing, or null. */
const lastTriggered = z.number().int().min(0).nullable().default(null);
const price = z.number({ error: 'Price must be a number' }).positive('Price must be greater than 0').finite().max(1e12);

export const TokenPriceAlertSchema = z.strictObject({
  id: alertId,
  token: z.enum(TOKEN_NAMES),
  chain: z.enum(CHAIN_NAMES),
  condition: z.enum(ALERT_CONDITIONS),
  price,
  enabled: z.boolean(),
  lastTriggered,
});
export type TokenPriceAlert = z.infer<typeof TokenPriceAlertSchema>;

export const SilverAlertSchema = z.strictObject({
  id: alertId,
  condition: z.enum(ALERT_CONDITIONS),
  /** USD per gram. */
  price,
  enabled: z.boolean(),
  lastTriggered,
});
export type SilverAlert = z.infer<typeof SilverAlertSchema>;

export const CalendarAlertSchema = z.strictObject({
  id: alertId,
  eventId: z.string().trim().min(1).max(64),
  eventTitle: z.string().max(200),
  /** The event's start as an ISO 8601 date or instant. */
  eventDate: z.string().min(1).max(40),
  reminderTime: z.union(CALENDAR_REMINDER_OPTIONS.map((m) => z.literal(m)) as unknown as [z.ZodLiteral<CalendarReminderMinutes>, ...z.ZodLiteral<CalendarReminderMinutes>[]], {
    error: `reminderTime must be one of ${CALENDAR_REMINDER_OPTIONS.join(', ')} minutes`,
  }),
  enabled: z.boolean(),
  lastTriggered,
});
export type CalendarAlert = z.infer<typeof CalendarAlertSchema>;

export const NotificationPreferencesSchema = z.strictObject({
  priceAlerts: z.boolean(),
  silverAlerts: z.boolean(),
  calendarEvents: z.boolean(),
  systemUpdates: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  priceAlerts: true,
  silverAlerts: true,
  calendarEvents: true,
  systemUpdates: true,
};

const alertList = <S extends z.ZodType>(schema: S, kind: string) =>
  z.array(schema).max(MAX_ALERTS_PER_KIND, `At most ${MAX_ALERTS_PER_KIND} ${kind} alerts can be registered`).default([]);

export const AlertListsSchema = z.strictObject({
  token: alertList(TokenPriceAlertSchema, 'token'),
  silver: alertList(SilverAlertSchema, 'silver'),
  calendar: alertList(CalendarAlertSchema, 'calendar'),
});
export type AlertLists = z.infer<typeof AlertListsSchema>;

// ---------------------------------------------------------------------------------------------
// Rules shared by the in-tab checker and the notifier
// ---------------------------------------------------------------------------------------------

/** At or beyond the threshold (spec: >= or <=). */
export function priceCrossed(condition: AlertCondition, threshold: number, current: number): boolean {
  return condition === 'above' ? current >= threshold : current <= threshold;
}

/** Back on the other side of the threshold by the re-arm margin. */
export function priceRearmed(condition: AlertCondition, threshold: number, current: number): boolean {
  const margin = threshold * ALERT_REARM_MARGIN;
  return condition === 'above' ? current < threshold - margin : current > threshold + margin;
}

/** The 15-minute re-trigger gap has passed (or the alert never fired). */
export function retriggerAllowed(lastTriggeredMs: number | null, nowMs: number): boolean {
  return lastTriggeredMs === null || nowMs - lastTriggeredMs >= ALERT_RETRIGGER_GAP_MS;
}

/** A calendar reminder is due while now is between the reminder time and the event's start. */
export function reminderDue(eventStartMs: number, reminderMinutes: number, nowMs: number): boolean {
  return nowMs >= eventStartMs - reminderMinutes * 60_000 && nowMs < eventStartMs;
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

/** base64url without padding. */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** `PushSubscription.toJSON()`: push services are https origins. */
export const PushSubscriptionJsonSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'endpoint must be an https URL' })
    .max(1024, 'endpoint is too long'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** The browser's P-256 public key, uncompressed (65 bytes, 87 characters). */
    p256dh: base64url.length(87, 'keys.p256dh must be a 65-byte P-256 key'),
    /** 16-byte auth secret (22 characters). */
    auth: base64url.length(22, 'keys.auth must be 16 bytes'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJsonSchema>;

/** `POST /api/push/subscriptions`: upsert on the endpoint with the visitor's rules and preferences. */
export const SavePushSubscriptionRequestSchema = z.strictObject({
  subscription: PushSubscriptionJsonSchema,
  preferences: NotificationPreferencesSchema.default(DEFAULT_NOTIFICATION_PREFERENCES),
  alerts: AlertListsSchema.default({ token: [], silver: [], calendar: [] }),
});
export type SavePushSubscriptionRequest = z.input<typeof SavePushSubscriptionRequestSchema>;

/** Namespace of the subscription ids (UUID v5 of the endpoint): one endpoint, one aggregate. */
const PUSH_SUBSCRIPTION_NAMESPACE = '5b0a3c64-6f0e-4f59-9d43-3d1f3f8a7c21';

/** The id a subscription is stored under, derived from its endpoint so an upsert lands on one aggregate. */
export function pushSubscriptionId(endpoint: string): string {
  return uuidv5(endpoint, PUSH_SUBSCRIPTION_NAMESPACE);
}

/** `DELETE /api/push/subscriptions`. */
export const RemovePushSubscriptionRequestSchema = z.strictObject({
  endpoint: PushSubscriptionJsonSchema.shape.endpoint,
});

export interface RemovePushSubscriptionResponse {
  readonly removed: true;
}

/** `GET /api/push/key`. */
export interface PushKeyResponse {
  /** The VAPID public key, base64url (applicationServerKey). */
  readonly publicKey: string;
}

export interface SavePushSubscriptionResponse {
  readonly saved: true;
  /** Enabled rules the server now watches for this subscription. */
  readonly rules: number;
}

/** Longest title and body (UTF-16 units) a notification payload may carry; senders cut longer text to fit. */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 1_000;

/** The spec's notification payload, as the send-notification function took it. */
export const PushPayloadSchema = z.strictObject({
  title: z.string().trim().min(1, 'title is required').max(PUSH_TITLE_MAX, `title must be at most ${PUSH_TITLE_MAX} characters`),
  body: z.string().trim().min(1, 'body is required').max(PUSH_BODY_MAX, `body must be at most ${PUSH_BODY_MAX} characters`),
  icon: z.string().max(512).optional(),
  badge: z.string().max(512).optional(),
  tag: z.string().max(64).optional(),
  data: z.record(z.string().max(64), z.union([z.string().max(512), z.number(), z.boolean(), z.null()])).optional(),
  requireInteraction: z.boolean().optional(),
  actions: z
    .array(z.strictObject({ action: z.string().min(1).max(32), title: z.string().min(1).max(64), icon: z.string().max(512).optional() }))
    .max(2)
    .optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** `POST /api/push/send` (x-api-key with send_notifications): sent to subscriptions with systemUpdates on. */
export const PushSendRequestSchema = z.strictObject({ payload: PushPayloadSchema });
export type PushSendRequest = z.infer<typeof PushSendRequestSchema>;

export interface PushSendResponse {
  readonly sent: number;
  readonly failed: number;
  readonly total: number;
}

/** `POST /api/admin/news/:id/push` (the Breaking News tab's send action). */
export interface NewsPushResponse extends PushSendResponse {
  readonly success: boolean;
}

/**
 * The Breaking News tab offers the send action for an item that is active and has notify_users on
 * (the spec); the server also refuses an item past its expiry, which no visitor sees any more.
 */
export function isNewsPushable(item: { readonly is_active: boolean; readonly notify_users: boolean; readonly expires_at: string | null }, now: number): boolean {
  return item.is_active && item.notify_users && (item.expires_at === null || Date.parse(item.expires_at) > now);
}

/** The Breaking News tab waits this long for the send action (spec: push send timeout 30 s). */
export const NEWS_PUSH_TIMEOUT_MS = 30_000;

/** The send action's success alert: sent, failed and total subscribers. */
export function newsPushSummary({ sent, failed, total }: PushSendResponse): string {
  return `Notification sent! Sent: ${sent}, Failed: ${failed}, Total subscribers: ${total}`;
}

/** `GET /api/push/subscriptions/stats` (x-api-key with read_subscriptions). */
export interface PushSubscriptionStatsResponse {
  readonly total: number;
  readonly preferences: Readonly<Record<keyof NotificationPreferences, number>>;
}

/** `GET /api/admin/push` (staff), `xsd push status`. */
export interface PushStatusResponse {
  readonly subscriptions: number;
  readonly rules: { readonly price: number; readonly silver: number; readonly calendar: number };
  /** Deliveries in the last 24 hours. */
  readonly deliveries: { readonly sent: number; readonly failed: number; readonly pruned: number };
  /** ISO 8601 instant the figures were read at. */
  readonly generated_at: string;
}

// ---------------------------------------------------------------------------------------------
// Messages (spec section 8; admin-and-data.md's push send row)
// ---------------------------------------------------------------------------------------------

export const PUSH_MESSAGES = {
  unsupported: 'Notifications are not supported in this browser',
  initFailed: 'Failed to initialize notifications',
  requestFailed: 'Failed to request notification permission',
  subscribeFailed: 'Failed to subscribe to notifications',
  unsubscribeFailed: 'Failed to unsubscribe from notifications',
  showFailed: 'Failed to show notification',
  blocked: 'You have blocked notifications in your browser settings. Please enable them to receive alerts.',
  enabledTitle: 'Notifications Enabled',
  sendFailed: 'Failed to send notification',
  invalidResponse: 'Invalid response format from server',
  /** The Breaking News tab's send action (admin-and-data §8, Push send): 404, 401 / 403, time-out, network failure. */
  sendNotFound: 'Push notification service not found (404)',
  sendAuthFailed: 'Authentication error: sign in again to send notifications',
  sendTimedOut: 'The request timed out: the notification may still be sent',
  sendNetworkFailed:
    'Network error: the server could not be reached to send the notification. Check your internet connection and try again; if it keeps happening, the server may be down.',
  /** The send action of a news item that is not active or has notify_users off. */
  newsNotPushable: 'Only active news items with notify users on can be sent as a notification',
  /** DELETE of an endpoint the server does not know. */
  subscriptionNotFound: 'No push subscription is registered for this endpoint',
  /** One client saving or removing subscriptions too often. */
  tooManyRequests: 'Too many notification settings changes. Please try again later.',
  /** /api/push/send and /api/push/subscriptions/stats without an x-api-key header. */
  apiKeyMissing: 'Send the API key in the x-api-key header',
} as const;
