import { Logger } from '@nestjs/common';
import type { TelegramConfig } from '../config/config.js';
import { TelegramApiError, TelegramBotApi, type TelegramChatId } from './telegram-bot-api.js';
import { BOT_API_LIMITS, type PacerLimits, TelegramPacer } from './telegram-pacer.js';

/** How one message went: 'blocked' is a 403 (the chat is to be unbound), never retried. */
export interface TelegramSendResult {
  readonly outcome: 'sent' | 'blocked' | 'failed';
  /** The Bot API's error_code of the last try (200 when sent); null when it never answered. */
  readonly status: number | null;
  readonly attempts: number;
}

/** Tries per message: a 429 (after its retry_after), a 5xx or no answer is tried again. */
const MAX_ATTEMPTS = 4;
/** Longest retry_after honoured inside one send; longer, the message fails (the notifier records it). */
const MAX_RETRY_AFTER_S = 60;
const BACKOFF_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one way messages leave for Telegram (alerts to bound chats, replies to commands, community
 * channels' group and channel chats): paced below the Bot API's limits, a 429 honoured for the
 * whole bot by its `retry_after`, a 403 reported as 'blocked'. Never throws for a message.
 */
export class TelegramSender {
  private readonly logger = new Logger('Telegram');
  private readonly pacer: TelegramPacer;

  constructor(
    readonly api: TelegramBotApi,
    limits: PacerLimits = BOT_API_LIMITS,
  ) {
    this.pacer = new TelegramPacer(limits);
  }

  static fromConfig(config: TelegramConfig, limits?: PacerLimits): TelegramSender {
    return new TelegramSender(new TelegramBotApi(config), limits);
  }

  async sendTelegramMessage(chatId: TelegramChatId, text: string): Promise<TelegramSendResult> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.pacer.run(chatId, () => this.api.sendMessage(chatId, text));
        return { outcome: 'sent', status: 200, attempts: attempt };
      } catch (error) {
        if (!(error instanceof TelegramApiError)) throw error;
        if (error.forbidden) return { outcome: 'blocked', status: 403, attempts: attempt };
        const retryable = error.errorCode === null || error.errorCode === 429 || error.errorCode >= 500;
        const waitS = error.retryAfterSeconds;
        if (!retryable || attempt >= MAX_ATTEMPTS || (waitS !== null && waitS > MAX_RETRY_AFTER_S)) {
          this.logger.warn(`message not sent after ${attempt} tries: ${error.errorCode ?? 'no answer'} ${error.description}`);
          return { outcome: 'failed', status: error.errorCode, attempts: attempt };
        }
        if (waitS !== null) {
          // Flood control is per bot: nothing else leaves before the wait is over either.
          this.pacer.holdUntil(Date.now() + waitS * 1_000);
          await sleep(waitS * 1_000);
        } else {
          await sleep(BACKOFF_MS * 2 ** (attempt - 1));
        }
      }
    }
  }
}
