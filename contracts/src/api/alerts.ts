/**
 * The spec's alert entities and notification preferences as the browser keeps them, the rules the
 * in-tab checker and the notifier share, and the notifications' messages. Built with `zod/mini`:
 * the web app's first screen reads the stored alerts (the header's count) and should not carry
 * the whole of zod for it. The server's routes compose these in push.ts.
 */
import * as z from 'zod/mini';
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

// ---------------------------------------------------------------------------------------------
// Entities (public-app.md section 3), as kept in the browser and sent to the server
// ---------------------------------------------------------------------------------------------

export const ALERT_CONDITIONS = ['above', 'below'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

const alertId = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));
/** Epoch milliseconds of the last firing, or null. */
const lastTriggered = z._default(z.nullable(z.int().check(z.minimum(0))), null);
const price = z.number({ error: 'Price must be a number' }).check(z.positive('Price must be greater than 0'), z.maximum(1e12));

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
  eventId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  eventTitle: z.string().check(z.maxLength(200)),
  /** The event's start as an ISO 8601 date or instant. */
  eventDate: z.string().check(z.minLength(1), z.maxLength(40)),
  reminderTime: z.union(CALENDAR_REMINDER_OPTIONS.map((m) => z.literal(m)) as unknown as [z.ZodMiniLiteral<CalendarReminderMinutes>, ...z.ZodMiniLiteral<CalendarReminderMinutes>[]], {
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

/** The visitor's three lists, as kept in the browser and sent with the subscription. */
export interface AlertLists {
  token: TokenPriceAlert[];
  silver: SilverAlert[];
  calendar: CalendarAlert[];
}

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
