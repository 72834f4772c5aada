/**
 * Telegram alerts: `POST /api/alerts/telegram-link` takes the alert rules as
 * `POST /api/push/subscriptions` does (with the browser's push subscription, or its visitor id when
 * it has none) and answers a one-time link that binds a Telegram chat to them.
 */
import { z } from 'zod';
import { VISITOR_ID } from './analytics.js';
import { PushSubscriptionJsonSchema, SavePushSubscriptionRequestSchema } from './push.js';

/** A link works once, for this long. */
export const TELEGRAM_LINK_TTL_MS = 10 * 60_000;

/** `/start` payloads are at most 64 characters of A-Z, a-z, 0-9, _ and -: a code is 32 of them (24 random bytes). */
export const TELEGRAM_CODE_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const TELEGRAM_MESSAGES = {
  disabled: 'Telegram alerts are not enabled on this site',
  unavailable: 'Telegram cannot be reached right now, please try again later',
  tooManyRequests: 'Too many Telegram links requested. Please wait a few minutes.',
  invalid: 'Send either your push subscription or your visitor id with your alerts',
} as const;

/** The push subscriptions route's body, with the subscription optional beside a visitor id: one of the two. */
export const TelegramLinkRequestSchema = SavePushSubscriptionRequestSchema.extend({
  subscription: PushSubscriptionJsonSchema.optional(),
  visitorId: VISITOR_ID.optional(),
}).refine((body) => (body.subscription === undefined) !== (body.visitorId === undefined), { message: TELEGRAM_MESSAGES.invalid });
export type TelegramLinkRequest = z.input<typeof TelegramLinkRequestSchema>;

export interface TelegramLinkResponse {
  /** `https://t.me/<bot>?start=<code>`. */
  readonly url: string;
  readonly expiresAt: string;
}

/** `GET /api/alerts/telegram`: whether the site offers 'Send to Telegram' (never the token). */
export interface TelegramStatusResponse {
  readonly enabled: boolean;
}
