import type { ChannelEvent, ChannelKind } from '@xsd/contracts/api/admin-channels';
import { pinnedPost } from '../../outbound/pinned-post.js';
import { OutboundRefusedError, type OutboundPolicy } from '../../outbound/safe-url.js';
import type { ChannelTarget } from '../../read-models/channels/channels.repository.js';
import type { TelegramSender } from '../../telegram/telegram-sender.js';
import { standardWebhookHeaders } from './standard-webhooks.js';

/** One message for the community, as every kind of channel gets it. */
export interface ChannelMessage {
  readonly event: ChannelEvent;
  readonly title: string;
  readonly text: string;
  /** A link to the item on the site, when there is one. */
  readonly url: string | null;
  readonly occurredAt: string;
}

/** How one try went: `ok` on a 2xx; `error` says why not (shown in the Channels tab). */
export interface DeliveryOutcome {
  readonly ok: boolean;
  readonly status: number | null;
  readonly error: string | null;
}

/** Sends a message to one kind of channel. Never throws: a failure is an outcome. */
export interface ChannelTransport {
  deliver(channel: ChannelTarget, delivery: { readonly id: string; readonly message: ChannelMessage }, now: Date): Promise<DeliveryOutcome>;
}

/** The transports the notifier has, by kind (Telegram's comes with the Bot API client). */
export type ChannelTransports = Partial<Record<ChannelKind, ChannelTransport>>;

export interface HttpTransportOptions {
  readonly policy: OutboundPolicy;
  /** Extra certificate authorities (tests' self-signed receivers only). */
  readonly ca?: string;
  readonly timeoutMs?: number;
}

/** POSTs through the outbound check, turning every answer and failure into an outcome. */
async function post(url: string, headers: Record<string, string>, body: string, options: HttpTransportOptions): Promise<DeliveryOutcome> {
  try {
    const response = await pinnedPost(url, options.policy, { headers, body, ca: options.ca, timeoutMs: options.timeoutMs });
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status, error: null };
    if (response.status >= 300 && response.status < 400) {
      return { ok: false, status: response.status, error: `HTTP ${response.status}: redirects are not followed` };
    }
    return { ok: false, status: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    if (error instanceof OutboundRefusedError) return { ok: false, status: null, error: error.message };
    return { ok: false, status: null, error: error instanceof Error ? error.message.slice(0, 300) : 'request failed' };
  }
}

/** Discord's embed limits. */
const DISCORD_TITLE_MAX = 256;
const DISCORD_DESCRIPTION_MAX = 4096;
/** Silver grey, the embed's side bar. */
const DISCORD_COLOR = 0xc0c0c0;

/** Discord's webhook JSON: one embed with the title, the text and the link. */
export function discordBody(message: ChannelMessage): string {
  return JSON.stringify({
    embeds: [
      {
        title: message.title.slice(0, DISCORD_TITLE_MAX),
        description: message.text.slice(0, DISCORD_DESCRIPTION_MAX),
        ...(message.url ? { url: message.url } : {}),
        timestamp: message.occurredAt,
        color: DISCORD_COLOR,
      },
    ],
    // A message from the site never pings @everyone or a role.
    allowed_mentions: { parse: [] },
  });
}

/** The generic webhook's body: the event as JSON, in the Standard Webhooks shape (type, timestamp, data). */
export function webhookBody(message: ChannelMessage): string {
  return JSON.stringify({
    type: message.event,
    timestamp: message.occurredAt,
    data: { title: message.title, text: message.text, url: message.url },
  });
}

export function discordTransport(options: HttpTransportOptions): ChannelTransport {
  return { deliver: (channel, { message }) => post(channel.url_or_chat, {}, discordBody(message), options) };
}

export function webhookTransport(options: HttpTransportOptions): ChannelTransport {
  return {
    deliver: (channel, { id, message }, now) => {
      if (!channel.secret) return Promise.resolve({ ok: false, status: null, error: 'the channel has no signing secret' });
      const body = webhookBody(message);
      return post(channel.url_or_chat, standardWebhookHeaders(channel.secret, id, Math.floor(now.getTime() / 1000), body), body, options);
    },
  };
}

/** Telegram's message limit, in characters. */
const TELEGRAM_TEXT_MAX = 4096;

/** A channel's chat: a numeric id (groups and channels are negative) or a public channel's @username. */
export function telegramChatId(chat: string): number | string {
  return /^-?\d+$/.test(chat) ? Number(chat) : chat;
}

/** The message as plain text: title, text and the link on lines of their own. */
export function telegramText(message: ChannelMessage): string {
  return [message.title, message.text, message.url].filter((part) => part).join('\n\n').slice(0, TELEGRAM_TEXT_MAX);
}

/** Group and channel chats through the process's one Bot API sender (paced, 429 honoured). */
export function telegramTransport(sender: TelegramSender): ChannelTransport {
  return {
    async deliver(channel, { message }) {
      const result = await sender.sendTelegramMessage(telegramChatId(channel.url_or_chat), telegramText(message));
      if (result.outcome === 'sent') return { ok: true, status: 200, error: null };
      if (result.outcome === 'blocked') return { ok: false, status: 403, error: 'Telegram: the bot may not post in this chat (403)' };
      return { ok: false, status: result.status, error: `Telegram: not sent (${result.status ?? 'no answer'})` };
    },
  };
}
