/**
 * `/api/admin/channels[/:id]` (permission `channels`: admins and super admins): the Channels tab.
 * Community channels get breaking news, price alerts and maintenance notices: a Discord webhook,
 * a generic webhook signed per Standard Webhooks (its `whsec_` secret answered once, by POST), or
 * a Telegram group or channel. Webhook and Discord URLs must be https on a public address.
 */
import { z } from 'zod';

export const CHANNEL_KINDS = ['discord', 'webhook', 'telegram'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/**
 * What a channel can subscribe to. `price_alerts`: XSD leaving or coming back to its silver peg
 * on a chain (the peg tier, good / warning / error, of the newest XSD price against the newest
 * silver gram price changes), at most one message per chain per tier change.
 */
export const CHANNEL_EVENTS = ['breaking_news', 'price_alerts', 'maintenance'] as const;
export type ChannelEvent = (typeof CHANNEL_EVENTS)[number];
export const CHANNEL_EVENT_LABELS: Readonly<Record<ChannelEvent, string>> = {
  breaking_news: 'Breaking news',
  price_alerts: 'Price alerts',
  maintenance: 'Maintenance',
};
export const CHANNEL_KIND_LABELS: Readonly<Record<ChannelKind, string>> = {
  discord: 'Discord',
  webhook: 'Webhook',
  telegram: 'Telegram',
};

export const MAX_CHANNEL_NAME = 100;
export const MAX_CHANNEL_URL = 2000;
/** Deliveries the tab shows per channel, newest first. */
export const CHANNEL_RECENT_DELIVERIES = 5;
/** Delivery tries per message, the last one 24 h after the first; then the channel is paused. */
export const CHANNEL_MAX_ATTEMPTS = 5;
export const CHANNEL_RETRY_WINDOW_MS = 24 * 60 * 60_000;

/** A Telegram supergroup / channel id (-100…), a group or user id, or a public @channelname. */
export const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

export const CHANNEL_NAME_REQUIRED_MESSAGE = 'Name is required';
export const CHANNEL_KIND_MESSAGE = `Kind must be one of ${CHANNEL_KINDS.join(', ')}`;
export const CHANNEL_EVENTS_MESSAGE = `Choose at least one of ${CHANNEL_EVENTS.join(', ')}`;
export const CHANNEL_URL_MESSAGE = 'URL must be an https address on the public internet';
export const CHANNEL_CHAT_MESSAGE = 'Chat must be a numeric chat id (such as -1001234567890) or @channelname';
export const CHANNEL_NOT_FOUND_MESSAGE = 'Channel not found';
export const CHANNEL_INVALID_MESSAGE = 'Invalid channel request';
export const CHANNELS_LOAD_FAILED_MESSAGE = 'Failed to load channels';
export const CHANNEL_SAVE_FAILED_MESSAGE = 'Failed to save channel';
export const CHANNEL_DELETE_CONFIRM_MESSAGE = 'Are you sure you want to delete this channel? This cannot be undone.';
export const CHANNEL_SECRET_COPIED_BUTTON = "I've Copied My Secret";

export type ChannelDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'skipped';

export interface ChannelDelivery {
  /** Also the `webhook-id` a webhook receives: the same on every try. */
  readonly id: string;
  readonly event: ChannelEvent;
  readonly title: string;
  readonly status: ChannelDeliveryStatus;
  readonly attempts: number;
  /** The last answer's HTTP status, null when none came. */
  readonly last_status: number | null;
  readonly last_error: string | null;
  readonly created_at: string;
  readonly finished_at: string | null;
}

export interface Channel {
  readonly id: string;
  readonly kind: ChannelKind;
  readonly name: string;
  /** A Discord URL is shown with its token masked: it is a credential. */
  readonly url_or_chat: string;
  readonly events: readonly ChannelEvent[];
  readonly paused: boolean;
  /** Why deliveries stopped (the last error of a delivery that failed for 24 h, or 'Paused by staff'). */
  readonly paused_reason: string | null;
  readonly created_by: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly deliveries: readonly ChannelDelivery[];
}

export interface ChannelsResponse {
  readonly items: readonly Channel[];
}

export interface ChannelResponse {
  readonly item: Channel;
}

/** POST 201: `secret` (webhooks only) is the one time the signing secret is shown. */
export interface CreateChannelResponse {
  readonly item: Channel;
  readonly secret: string | null;
}

const name = z
  .string({ error: CHANNEL_NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, CHANNEL_NAME_REQUIRED_MESSAGE)
  .max(MAX_CHANNEL_NAME, `Name must be at most ${MAX_CHANNEL_NAME} characters`);
const urlOrChat = z.string({ error: 'url_or_chat is required' }).trim().min(1, 'url_or_chat is required').max(MAX_CHANNEL_URL, 'url_or_chat is too long');
const events = z
  .array(z.enum(CHANNEL_EVENTS, { error: CHANNEL_EVENTS_MESSAGE }), { error: CHANNEL_EVENTS_MESSAGE })
  .min(1, CHANNEL_EVENTS_MESSAGE)
  .max(CHANNEL_EVENTS.length * 2, CHANNEL_EVENTS_MESSAGE)
  .transform((list) => CHANNEL_EVENTS.filter((event) => list.includes(event)));

/** The form's rule for the address, by kind: the server checks URLs' addresses besides. */
export function channelTargetIssue(kind: ChannelKind, value: string): string | null {
  if (kind === 'telegram') return TELEGRAM_CHAT.test(value) ? null : CHANNEL_CHAT_MESSAGE;
  try {
    return new URL(value).protocol === 'https:' ? null : CHANNEL_URL_MESSAGE;
  } catch {
    return CHANNEL_URL_MESSAGE;
  }
}

export const CreateChannelRequestSchema = z
  .object(
    {
      kind: z.enum(CHANNEL_KINDS, { error: CHANNEL_KIND_MESSAGE }),
      name,
      url_or_chat: urlOrChat,
      events,
    },
    { error: CHANNEL_INVALID_MESSAGE },
  )

  .superRefine((value, context) => {
    const issue = channelTargetIssue(value.kind, value.url_or_chat);
    if (issue) context.addIssue({ code: 'custom', path: ['url_or_chat'], message: issue });
  });
export type CreateChannelRequest = z.input<typeof CreateChannelRequestSchema>;

/** PATCH: the fields to change; `paused: false` resumes a paused channel, `true` pauses it. */
export const UpdateChannelRequestSchema = z
  .object(
    {
      name: name.optional(),
      url_or_chat: urlOrChat.optional(),
      events: events.optional(),
      paused: z.boolean({ error: 'paused must be true or false' }).optional(),
    },
    { error: CHANNEL_INVALID_MESSAGE },
  )

  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: 'Nothing to change' });
export type UpdateChannelRequest = z.input<typeof UpdateChannelRequestSchema>;
