import { TELEGRAM_MESSAGES } from '@xsd/contracts/api/telegram';
import type { AttemptStore, AttemptWindow } from '../rate-limit/attempt-store.js';
import { ClientFlood } from '../rate-limit/client-flood.js';

/**
 * Telegram links one client may ask for per window: a person binds a chat or two; a script
 * appending links is stopped. Within the shared attempt bucket's max age, like the other limits.
 */
export const TELEGRAM_LINK_FLOOD_LIMIT: AttemptWindow = { limit: 10, windowMs: 15 * 60_000 };

export class TelegramLinkFlood extends ClientFlood {
  constructor(store: AttemptStore, window: AttemptWindow = TELEGRAM_LINK_FLOOD_LIMIT) {
    super(store, { prefix: 'telegram-link', window, message: TELEGRAM_MESSAGES.tooManyRequests });
  }
}
