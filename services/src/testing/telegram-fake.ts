/**
 * A loopback fake of the Telegram Bot API (`<url>/bot<token>/<method>`), answering as Telegram
 * does: `{ ok: true, result }`, or `{ ok: false, error_code, description, parameters? }` (401 for a
 * wrong token, 429 with `parameters.retry_after`, 403 'Forbidden: bot was blocked by the user',
 * 409 when a second getUpdates replaces a waiting one). getUpdates keeps the updates from `offset`
 * on (an offset confirms and drops those before it) and waits up to `timeout` seconds for one.
 * Tests play the users: `userSends` queues a message update from a chat.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMessage {
  readonly chatId: number;
  readonly text: string;
  /** Date.now() when it was accepted. */
  readonly at: number;
}

export interface FakeSendAnswer {
  /** 429 with this retry_after. */
  readonly retryAfter?: number;
  /** Held this long, then the connection is dropped unanswered: the message never reached the chat. */
  readonly holdMs?: number;
}

interface Waiter {
  readonly offset: number;
  readonly limit: number;
  readonly res: ServerResponse;
  readonly timer: NodeJS.Timeout;
}

export interface TelegramFake {
  /** For XSD_TELEGRAM_API_URL. */
  readonly url: string;
  readonly token: string;
  readonly botUsername: string;
  /** A user writes `text` in chat `chatId` (private when positive). */
  userSends(chatId: number, text: string): void;
  /** Messages the bot sent and Telegram accepted, to one chat or all. */
  messages(chatId?: number): FakeMessage[];
  /** Waits until `count` messages (to `chatId`, or in all) have been accepted. */
  waitForMessages(count: number, options?: { chatId?: number; timeoutMs?: number }): Promise<FakeMessage[]>;
  /** The user blocked the bot: sendMessage to the chat answers 403. */
  block(chatId: number): void;
  /** The next sendMessage calls (to any chat) answer as listed, in order; then normally. */
  answerNext(answers: readonly FakeSendAnswer[]): void;
  /** sendMessage calls by outcome: 'sent', 'throttled' (429), 'blocked' (403), 'dropped'. */
  calls(): { readonly chatId: number; readonly outcome: 'sent' | 'throttled' | 'blocked' | 'dropped'; readonly at: number }[];
  /** The offset the last getUpdates asked with (what the bot has confirmed). */
  readonly confirmedOffset: number;
  /** getUpdates answers still waiting (long polls in progress). */
  readonly polling: number;
  reset(): void;
  close(): Promise<void>;
}

const BOT_ID = 7_000_000_001;

export async function startTelegramFake(options: { botUsername?: string } = {}): Promise<TelegramFake> {
  const token = `${BOT_ID}:AAFakeTokenForLoopbackTests_0123456789`;
  const botUsername = options.botUsername ?? 'silverboard_test_bot';
  let updates: { update_id: number; message: Record<string, unknown> }[] = [];
  let nextUpdateId = 500_000;
  let nextMessageId = 1;
  let confirmedOffset = 0;
  let waiter: Waiter | null = null;
  let accepted: FakeMessage[] = [];
  let calls: ReturnType<TelegramFake['calls']> = [];
  let scripted: FakeSendAnswer[] = [];
  const blocked = new Set<number>();
  const held = new Set<ServerResponse>();
  const messageWaiters = new Set<() => void>();

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, code: number, description: string, parameters?: Record<string, unknown>) =>
    answer(res, code, { ok: false, error_code: code, description, ...(parameters && { parameters }) });

  const pending = (offset: number, limit: number) => updates.filter((update) => update.update_id >= offset).slice(0, limit);
  const release = () => {
    if (!waiter) return;
    const found = pending(waiter.offset, waiter.limit);
    if (found.length === 0) return;
    clearTimeout(waiter.timer);
    answer(waiter.res, 200, { ok: true, result: found });
    waiter = null;
  };

  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const query = Object.fromEntries(new URL(req.url ?? '/', 'http://fake').searchParams);
    if (!text) return query;
    return { ...query, ...(JSON.parse(text) as Record<string, unknown>) };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
      if (!match) return fail(res, 404, 'Not Found');
      if (match[1] !== token) return fail(res, 401, 'Unauthorized');
      let params: Record<string, unknown>;
      try {
        params = await readBody(req);
      } catch {
        return fail(res, 400, "Bad Request: can't parse JSON object");
      }
      switch (match[2]) {
        case 'getMe':
          return answer(res, 200, {
            ok: true,
            result: { id: BOT_ID, is_bot: true, first_name: 'Silverboard', username: botUsername, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false },
          });
        case 'getUpdates': {
          const offset = Number(params.offset ?? 0);
          const limit = Math.min(100, Number(params.limit ?? 100));
          const timeout = Math.max(0, Number(params.timeout ?? 0));
          if (offset > 0) {
            confirmedOffset = Math.max(confirmedOffset, offset);
            updates = updates.filter((update) => update.update_id >= offset);
          }
          // Telegram allows one getUpdates at a time per bot: a new one ends the waiting one.
          if (waiter) {
            clearTimeout(waiter.timer);
            fail(waiter.res, 409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');
            waiter = null;
          }
          const found = pending(offset, limit);
          if (found.length > 0 || timeout === 0) return answer(res, 200, { ok: true, result: found });
          const timer = setTimeout(() => {
            if (waiter?.res === res) waiter = null;
            answer(res, 200, { ok: true, result: [] });
          }, timeout * 1_000);
          waiter = { offset, limit, res, timer };
          res.once('close', () => {
            if (waiter?.res === res) {
              clearTimeout(timer);
              waiter = null;
            }
          });
          return;
        }
        case 'sendMessage': {
          const chatId = Number(params.chat_id);
          const text = params.text;
          if (!Number.isSafeInteger(chatId) || typeof text !== 'string') return fail(res, 400, 'Bad Request: chat_id and text are required');
          if (text.length === 0 || text.length > 4096) return fail(res, 400, 'Bad Request: message text is empty or too long');
          const at = Date.now();
          const next = scripted.shift();
          if (next?.holdMs !== undefined) {
            calls.push({ chatId, outcome: 'dropped', at });
            held.add(res);
            setTimeout(() => {
              held.delete(res);
              res.socket?.destroy();
            }, next.holdMs);
            return;
          }
          if (next?.retryAfter !== undefined) {
            calls.push({ chatId, outcome: 'throttled', at });
            return fail(res, 429, `Too Many Requests: retry after ${next.retryAfter}`, { retry_after: next.retryAfter });
          }
          if (blocked.has(chatId)) {
            calls.push({ chatId, outcome: 'blocked', at });
            return fail(res, 403, chatId < 0 ? 'Forbidden: bot was kicked from the group chat' : 'Forbidden: bot was blocked by the user');
          }
          calls.push({ chatId, outcome: 'sent', at });
          accepted.push({ chatId, text, at });
          for (const wake of messageWaiters) wake();
          return answer(res, 200, {
            ok: true,
            result: { message_id: nextMessageId++, date: Math.floor(at / 1000), chat: { id: chatId, type: chatId < 0 ? 'group' : 'private' }, text },
          });
        }
        default:
          return fail(res, 404, 'Not Found: method not found');
      }
    })().catch(() => fail(res, 500, 'Internal Server Error'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const messages = (chatId?: number) => accepted.filter((message) => chatId === undefined || message.chatId === chatId);

  return {
    url,
    token,
    botUsername,
    userSends(chatId, text) {
      const command = /^\/\w+/.exec(text);
      updates.push({
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: chatId > 0 ? { id: chatId, type: 'private', first_name: 'Visitor' } : { id: chatId, type: 'group', title: 'Group' },
          from: { id: Math.abs(chatId), is_bot: false, first_name: 'Visitor' },
          text,
          ...(command && { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] }),
        },
      });
      release();
    },
    messages,
    waitForMessages(count, { chatId, timeoutMs = 30_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages(chatId);
          if (found.length < count) return;
          messageWaiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          messageWaiters.delete(check);
          reject(new Error(`waited ${timeoutMs} ms for ${count} Telegram messages${chatId === undefined ? '' : ` to ${chatId}`}, got ${messages(chatId).length}`));
        }, timeoutMs);
        messageWaiters.add(check);
        check();
      });
    },
    block(chatId) {
      blocked.add(chatId);
    },
    answerNext(answers) {
      scripted.push(...answers);
    },
    calls: () => [...calls],
    get confirmedOffset() {
      return confirmedOffset;
    },
    get polling() {
      return waiter ? 1 : 0;
    },
    reset() {
      accepted = [];
      calls = [];
      scripted = [];
      blocked.clear();
    },
    async close() {
      if (waiter) clearTimeout(waiter.timer);
      for (const res of held) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
