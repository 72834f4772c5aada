/**
 * The community links: the Shop's store and chat, the Socials page's channels, the contact page's
 * chat link and the maintenance screen's list. Staff set them in `/admin` (`GET /api/site` carries
 * them as `community_links`); a link staff never set shows its build-time seed (`VITE_SHOP_URL`,
 * `VITE_SOCIAL_*`, the token project's public source for GitHub, the community chat for the
 * contact page), and a link without an address shows as not available instead of pointing anywhere.
 */
import type { CommunityLinkId, CommunityLinks } from '@xsd/contracts/api/community-links';

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

/** The build-time values, used until staff set a link. */
const SEEDS: Readonly<Record<CommunityLinkId, string | null>> = {
  shop: configured(env.VITE_SHOP_URL),
  community_chat: configured(env.VITE_SOCIAL_TELEGRAM),
  support_chat: configured(env.VITE_SOCIAL_TELEGRAM_SUPPORT),
  youtube: configured(env.VITE_SOCIAL_YOUTUBE),
  video_other: configured(env.VITE_SOCIAL_VIDEO_OTHER),
  x: configured(env.VITE_SOCIAL_X),
  x_ceo: configured(env.VITE_SOCIAL_X_CEO),
  github: 'https://github.com/BankXio',
  // Never set: the community chat in force (communityLinksInForce).
  contact_chat: null,
};

/** The spec's channels: main and support chats, video sites, the product's and the CEO's accounts. */
const CHANNELS: readonly (Omit<SocialChannel, 'url'> & { readonly link: CommunityLinkId })[] = [
  { id: 'telegram', link: 'community_chat', label: 'Telegram community', description: 'Main community chat' },
  { id: 'telegram-support', link: 'support_chat', label: 'Telegram support', description: 'Support chat' },
  { id: 'youtube', link: 'youtube', label: 'YouTube', description: 'Videos' },
  { id: 'video-other', link: 'video_other', label: 'Other video channel', description: 'Videos on a second site' },
  { id: 'x', link: 'x', label: 'X (product)', description: "The product's social account" },
  { id: 'x-ceo', link: 'x_ceo', label: 'X (CEO)', description: "The CEO's social account" },
  { id: 'github', link: 'github', label: 'GitHub (token contracts)', description: "The token project's public source" },
];

export interface ResolvedCommunityLinks {
  readonly channels: readonly SocialChannel[];
  /** The channels that have an address (the maintenance screen lists only these). */
  readonly socialLinks: readonly SocialLink[];
  readonly shopUrl: string | null;
  /** The main community chat (the Shop's second link). */
  readonly communityChatUrl: string | null;
  readonly contactChatUrl: string | null;
}

/**
 * Each link in force: what staff set (null: cleared), else its seed; the contact page's chat,
 * when never set, is the community chat in force.
 */
export function communityLinksInForce(set: CommunityLinks = {}): Readonly<Record<CommunityLinkId, string | null>> {
  const inForce = Object.fromEntries(
    (Object.keys(SEEDS) as CommunityLinkId[]).map((id) => [id, Object.hasOwn(set, id) ? (set[id] ?? null) : SEEDS[id]]),
  ) as Record<CommunityLinkId, string | null>;
  if (!Object.hasOwn(set, 'contact_chat')) inForce.contact_chat = inForce.community_chat;
  return inForce;
}

/** The links as the public pages show them. */
export function communityLinks(set: CommunityLinks = {}): ResolvedCommunityLinks {
  const url = communityLinksInForce(set);
  const channels = CHANNELS.map(({ link, ...channel }) => ({ ...channel, url: url[link] }));
  return {
    channels,
    socialLinks: channels.flatMap((channel) => (channel.url === null ? [] : [{ id: channel.id, label: channel.label, url: channel.url }])),
    shopUrl: url.shop,
    communityChatUrl: url.community_chat,
    contactChatUrl: url.contact_chat,
  };
}
