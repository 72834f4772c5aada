import type { TelegramChatId } from './telegram-bot-api.js';

/**
 * The Bot API's sending limits, kept on this side: about 30 messages a second overall, one a second
 * to a private chat, twenty a minute to a group or channel. Messages to one chat go one after
 * another; every message takes the next free place in the overall schedule.
 */
export interface PacerLimits {
  /** Messages per second overall; below the Bot API's 30. */
  readonly perSecond: number;
  /** Gap between two messages to a private chat (positive ids). */
  readonly privateChatGapMs: number;
  /** Gap between two messages to a group or channel (negative ids, or a channel's @username). */
  readonly groupChatGapMs: number;
}

export const BOT_API_LIMITS: PacerLimits = { perSecond: 25, privateChatGapMs: 1_000, groupChatGapMs: 3_000 };

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export class TelegramPacer {
  /** Messages take their overall places one after another, each at least a place's length after the last one left. */
  private slots: Promise<void> = Promise.resolve();
  private lastLeftAt = -Infinity;
  private heldUntil = 0;
  /** Per chat: the end of its queue and when its last message left. Dropped when idle. */
  private readonly chats = new Map<TelegramChatId, { tail: Promise<void>; lastAt: number }>();

  constructor(private readonly limits: PacerLimits = BOT_API_LIMITS) {}

  /** Runs `send` when the limits allow, for `chatId`; resolves with its result. */
  run<T>(chatId: TelegramChatId, send: () => Promise<T>): Promise<T> {
    const chat = this.chats.get(chatId) ?? { tail: Promise.resolve(), lastAt: -Infinity };
    this.chats.set(chatId, chat);
    const result = chat.tail.then(async () => {
      const gap = typeof chatId === 'string' || chatId < 0 ? this.limits.groupChatGapMs : this.limits.privateChatGapMs;
      await sleep(chat.lastAt + gap - Date.now());
      await this.slot();
      chat.lastAt = Date.now();
      return send();
    });
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    chat.tail = tail;
    // Forgotten once nothing more is queued and its gap has passed (bounded by the chats in use).
    void tail.then(() => setTimeout(() => this.chats.get(chatId)?.tail === tail && this.chats.delete(chatId), this.limits.groupChatGapMs).unref());
    return result;
  }

  /** Nothing leaves before `untilMs` (a 429's retry_after applies to the whole bot). */
  holdUntil(untilMs: number): void {
    this.heldUntil = Math.max(this.heldUntil, untilMs);
  }

  /** Measured from when the last message really left, so a late timer never lets a burst catch up. */
  private slot(): Promise<void> {
    const turn = this.slots.then(async () => {
      for (let wait = this.wait(); wait > 0; wait = this.wait()) await sleep(wait);
      this.lastLeftAt = Date.now();
    });
    this.slots = turn;
    return turn;
  }

  private wait(): number {
    return Math.max(this.lastLeftAt + 1_000 / this.limits.perSecond, this.heldUntil) - Date.now();
  }
}
