/**
 * Community links: the Shop's store, the community chat, each social channel and the contact
 * page's chat link. Staff set them (`PATCH /api/admin/site/links`, permission `chain_settings`);
 * `GET /api/site` and the live stream's `site` event carry them as `community_links`.
 * A link staff never set is absent, and clients show their build-time seed (`VITE_*`); a link
 * set to null was cleared on purpose and shows as not available.
 */
import { z } from 'zod';

export const COMMUNITY_LINK_IDS = [
  'shop',
  'community_chat',
  'support_chat',
  'youtube',
  'video_other',
  'x',
  'x_ceo',
  'github',
  'contact_chat',
] as const;
export type CommunityLinkId = (typeof COMMUNITY_LINK_IDS)[number];

export type CommunityLinks = Partial<Record<CommunityLinkId, string | null>>;

/** How staff see each link in `/admin` and in the activity log. */
export const COMMUNITY_LINK_LABELS: Readonly<Record<CommunityLinkId, string>> = {
  shop: 'Shop (official store)',
  community_chat: 'Community chat (Telegram)',
  support_chat: 'Support chat (Telegram)',
  youtube: 'YouTube',
  video_other: 'Other video channel',
  x: 'X (product)',
  x_ceo: 'X (CEO)',
  github: 'GitHub (token contracts)',
  contact_chat: 'Contact page chat',
};

export const MAX_COMMUNITY_LINK_LENGTH = 500;

export const communityLinkMessage = (id: string) =>
  `${id} must be an https:// address without a user name or password, such as https://t.me/example, at most ${MAX_COMMUNITY_LINK_LENGTH} characters, or empty`;
export const unknownCommunityLinkMessage = (keys: readonly string[]) =>
  `Unknown community link ${keys.map((key) => `'${key}'`).join(', ')}; the links are ${COMMUNITY_LINK_IDS.join(', ')}`;
export const COMMUNITY_LINKS_BODY_MESSAGE = 'The body must be an object of community links, each an https:// address or null';

/** An absolute https address a browser may open: no other scheme, no credentials, a host name. */
export function isHttpsLink(value: string): boolean {
  if (value.length > MAX_COMMUNITY_LINK_LENGTH || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** One link as events store it: an https address, or null (cleared). */
export const CommunityLinkValue = z.string().refine(isHttpsLink).nullable();

const linkField = (id: CommunityLinkId) =>
  z
    .string({ error: communityLinkMessage(id) })
    .trim()
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value === null || isHttpsLink(value), communityLinkMessage(id))
    .nullable()
    .optional();

/**
 * `PATCH /api/admin/site/links`: the links to change. An omitted link keeps its value; null or
 * an empty text clears it. Answers the new `GET /api/site` body once it shows there.
 */
export const UpdateCommunityLinksRequestSchema = z.strictObject(
  Object.fromEntries(COMMUNITY_LINK_IDS.map((id) => [id, linkField(id)])) as { [K in CommunityLinkId]: ReturnType<typeof linkField> },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownCommunityLinkMessage(issue.keys) : COMMUNITY_LINKS_BODY_MESSAGE),
  },
);
export type UpdateCommunityLinksRequest = z.input<typeof UpdateCommunityLinksRequestSchema>;

/** Tolerant check of a received `community_links` object (fields a newer server adds pass). */
export function isCommunityLinks(value: unknown): value is CommunityLinks {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((link) => link === null || typeof link === 'string');
}
