import type { TelegramConfig } from '../config/config.js';

/** The Bot API's answer: `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }`. */
interface BotApiAnswer<T> {
  readonly ok: boolean;
  readonly result?: T;
  readonly error_code?: number;
  readonly description?: string;
  readonly parameters?: { readonly retry_after?: number; readonly migrate_to_chat_id?: number };
}

/** A chat's numeric id, or a public channel's `@username` (community channels may name one). */
export type TelegramChatId = number | string;

export interface TelegramUser {
  readonly id: number;
  readonly is_bot: boolean;
  readonly first_name: string;
  readonly username?: string;
}

export interface TelegramChat {
  readonly id: number;
  readonly type: 'private' | 'group' | 'supergroup' | 'channel';
}

export interface TelegramMessage {
  readonly message_id: number;
  readonly date: number;
  readonly chat: TelegramChat;
  readonly from?: TelegramUser;
  readonly text?: string;
}

export interface TelegramUpdate {
  readonly update_id: number;
  readonly message?: TelegramMessage;
}

/**
 * A refusal of the Bot API, or no answer at all (`errorCode` null). `retryAfterSeconds` is the
 * 429's `parameters.retry_after`. The message never holds the token (it is in the URL, never shown).
 */
export class TelegramApiError extends Error {
  override name = 'TelegramApiError';
  constructor(
    readonly method: string,
    readonly errorCode: number | null,
    readonly description: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Telegram ${method}: ${errorCode ?? 'no answer'} ${description}`);
  }

  /** 403: the bot was blocked by the user, kicked from the group, or is not a member of the channel. */
  get forbidden(): boolean {
    return this.errorCode === 403;
  }
}

/** Plain calls to the Bot API (`<apiUrl>/bot<token>/<method>`), JSON in and out. */
export class TelegramBotApi {
  constructor(private readonly config: TelegramConfig) {}

  async call<T>(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.config.apiUrl}/bot${this.config.botToken}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      // Not the error's own text: undici's may quote the URL, and with it the token.
      throw new TelegramApiError(method, null, (error as { cause?: { code?: string } }).cause?.code ?? 'request failed');
    }
    let answer: BotApiAnswer<T>;
    try {
      answer = (await response.json()) as BotApiAnswer<T>;
    } catch {
      throw new TelegramApiError(method, response.status, 'answer is not JSON');
    }
    if (answer.ok && answer.result !== undefined) return answer.result;
    throw new TelegramApiError(method, answer.error_code ?? response.status, answer.description ?? 'refused', answer.parameters?.retry_after ?? null);
  }

  getMe(): Promise<TelegramUser> {
    return this.call('getMe', {});
  }

  /**
   * Long polling: answers at once with updates from `offset` on, or after up to `timeoutSeconds`
   * with none. Asking with an offset confirms (and drops at Telegram) every update before it.
   */
  getUpdates(offset: number, timeoutSeconds: number, signal?: AbortSignal): Promise<TelegramUpdate[]> {
    return this.call('getUpdates', { offset, timeout: timeoutSeconds, allowed_updates: ['message'] }, signal);
  }

  sendMessage(chatId: TelegramChatId, text: string): Promise<TelegramMessage> {
    return this.call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
  }
}
