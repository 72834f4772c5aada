import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { NotificationPreferencesSchema } from '../api/alerts.js';
import { AlertListsSchema } from '../api/push.js';

/**
 * Telegram alerts: a one-time link holding a visitor's alert rules, and the chats bound to them.
 * The link's code is a bearer secret: only its SHA-256 is kept.
 */

export const TelegramLinkCreatedData = z.object({
  linkId: z.uuid(),
  codeHash: z.string().regex(/^[0-9a-f]{64}$/),
  preferences: NotificationPreferencesSchema,
  alerts: AlertListsSchema,
  expiresAt: z.iso.datetime({ offset: true }),
});

/** Telegram chat ids are integers within 52 bits (groups and channels negative). */
const chatId = z.number().int().safe();

/** A chat bound to a link's rules; the chat is a notifier subscription of its own (`telegramSubscriptionId`). */
export const TelegramChatBoundData = z.object({
  subscriptionId: z.uuid(),
  chatId,
  linkId: z.uuid(),
  preferences: NotificationPreferencesSchema,
  alerts: AlertListsSchema,
});

export const TelegramChatUnboundData = z.object({
  subscriptionId: z.uuid(),
  chatId,
  /** The chat sent /stop, or the Bot API answered 403 (the bot was blocked or removed). */
  reason: z.enum(['stopped', 'blocked']),
});

const TELEGRAM_CHAT_NAMESPACE = '0f4e6f0c-2a55-4a3b-9c57-7b1f3e0c9d12';

/** One chat, one subscription id, whichever link bound it. */
export function telegramSubscriptionId(chatId: number): string {
  return uuidv5(`telegram:${chatId}`, TELEGRAM_CHAT_NAMESPACE);
}
