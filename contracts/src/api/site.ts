import { type CommunityLinks, isCommunityLinks } from './community-links.js';

/**
 * `GET /api/site`: the site settings every public path checks. While `maintenance_mode` is on,
 * every path but `/admin` shows the maintenance screen. The server ends maintenance at
 * `expected_up_time` (scheduler); browsers never write these settings.
 * The same object is the payload of the live stream's `site` event.
 */
export interface SiteSettings {
  readonly maintenance_mode: boolean;
  /** null: the client shows '<product name> Dashboard Maintenance'. */
  readonly maintenance_title: string | null;
  /** null: the client shows the default scheduled-maintenance message. */
  readonly maintenance_message: string | null;
  /** ISO 8601 instant, or null when no end time is announced. */
  readonly expected_up_time: string | null;
  /** ISO 8601 instant of the last change, null when never set. */
  readonly updated_at: string | null;
  /** The links staff set (see community-links.ts); the server always sends it, `{}` when none. */
  readonly community_links?: CommunityLinks;
}

export type SiteSettingsResponse = SiteSettings;

/** The spec's defaults when staff leave the texts empty (the web screen and the CLI agree). */
export const DEFAULT_MAINTENANCE_TITLE = 'Silverboard Dashboard Maintenance';
export const DEFAULT_MAINTENANCE_MESSAGE = 'We are currently performing scheduled maintenance. Please check back soon!';

export function maintenanceTitle(site: Pick<SiteSettings, 'maintenance_title'>): string {
  return site.maintenance_title?.trim() || DEFAULT_MAINTENANCE_TITLE;
}

export function maintenanceMessage(site: Pick<SiteSettings, 'maintenance_message'>): string {
  return site.maintenance_message?.trim() || DEFAULT_MAINTENANCE_MESSAGE;
}

/** The settings when nothing was ever recorded: maintenance off. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  maintenance_mode: false,
  maintenance_title: null,
  maintenance_message: null,
  expected_up_time: null,
  updated_at: null,
  community_links: {},
};

const nullableString = (value: unknown): boolean => value === null || typeof value === 'string';

export function isSiteSettings(value: unknown): value is SiteSettings {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.maintenance_mode === 'boolean' &&
    nullableString(v.maintenance_title ?? null) &&
    nullableString(v.maintenance_message ?? null) &&
    nullableString(v.expected_up_time ?? null) &&
    nullableString(v.updated_at ?? null) &&
    (v.community_links === undefined || isCommunityLinks(v.community_links))
  );
}
