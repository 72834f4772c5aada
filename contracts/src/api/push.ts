/**
 * Web push: the routes that register the visitor's alerts and preferences (alerts.ts) with the
 * server (`/api/push/*`), the API-key sender and the payload the service worker shows. Web, CLI,
 * API and notifier all read these shapes from here.
 */
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import {
  CalendarAlertSchema,
  DEFAULT_NOTIFICATION_PREFERENCES,
  MAX_ALERTS_PER_KIND,
  type NotificationPreferences,
  NotificationPreferencesSchema,
  SilverAlertSchema,
  TokenPriceAlertSchema,
} from './alerts.js';

const alertList = <S extends z.core.SomeType>(schema: S, kind: string) =>
  z.array(schema).max(MAX_ALERTS_PER_KIND, `At most ${MAX_ALERTS_PER_KIND} ${kind} alerts can be registered`).default([]);

export const AlertListsSchema = z.strictObject({
  token: alertList(TokenPriceAlertSchema, 'token'),
  silver: alertList(SilverAlertSchema, 'silver'),
  calendar: alertList(CalendarAlertSchema, 'calendar'),
});

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

/**
 * The 400 for an endpoint on loopback, a private network or another inward address (checked by
 * the server, which alone knows its allow list; a name is checked again when a push is sent).
 */
export const PUSH_ENDPOINT_INWARD_MESSAGE = 'endpoint must be a push service on the public internet';

/** `POST /api/push/subscriptions`: upsert on the endpoint with the visitor's rules and preferences. */
export const SavePushSubscriptionRequestSchema = z.strictObject({
  subscription: PushSubscriptionJsonSchema,
  preferences: z._default(NotificationPreferencesSchema, DEFAULT_NOTIFICATION_PREFERENCES),
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

/** Web push payloads stay within 3 KB (push services accept about 4 KB after encryption). */
export const MAX_PUSH_PAYLOAD_BYTES = 3_072;

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

