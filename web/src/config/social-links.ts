/**
 * Community channels of the Socials page, the Shop's chat link and the maintenance screen. The
 * spec names the channels but not their addresses, so they are build configuration
 * (`VITE_SOCIAL_*`): a channel without one has `url: null`, and pages show it as not available
 * instead of pointing anywhere. The token project's public source is always known.
 */
export interface SocialLink {
  readonly id: string;
  readonly label: string;
  readonly url: string;
}

export interface SocialChannel {
  readonly id: string;
  readonly label: string;
  /** What the channel is for, as the Socials page describes it. */
  readonly description: string;
  readonly url: string | null;
}

const env = import.meta.env;
const configured = (value: string | undefined): string | null => value?.trim() || null;

/** The spec's channels: main and support chats, video sites, the product's and the CEO's accounts. */
export const SOCIAL_CHANNELS: readonly SocialChannel[] = [
  { id: 'telegram', label: 'Telegram community', description: 'Main community chat', url: configured(env.VITE_SOCIAL_TELEGRAM) },
  { id: 'telegram-support', label: 'Telegram support', description: 'Support chat', url: configured(env.VITE_SOCIAL_TELEGRAM_SUPPORT) },
  { id: 'youtube', label: 'YouTube', description: 'Videos', url: configured(env.VITE_SOCIAL_YOUTUBE) },
  { id: 'video-other', label: 'Other video channel', description: 'Videos on a second site', url: configured(env.VITE_SOCIAL_VIDEO_OTHER) },
  { id: 'x', label: 'X (product)', description: "The product's social account", url: configured(env.VITE_SOCIAL_X) },
  { id: 'x-ceo', label: 'X (CEO)', description: "The CEO's social account", url: configured(env.VITE_SOCIAL_X_CEO) },
  { id: 'github', label: 'GitHub (token contracts)', description: "The token project's public source", url: 'https://github.com/BankXio' },
];

/** The channels that have an address (the maintenance screen lists only these). */
export const SOCIAL_LINKS: readonly SocialLink[] = SOCIAL_CHANNELS.flatMap((channel) =>
  channel.url === null ? [] : [{ id: channel.id, label: channel.label, url: channel.url }],
);

/** The main community chat (the Shop's second link), or null when not configured. */
export const COMMUNITY_CHAT_URL: string | null = SOCIAL_CHANNELS[0]!.url;
