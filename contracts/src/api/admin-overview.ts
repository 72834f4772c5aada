/**
 * `GET /api/admin/overview` (any signed-in staff): the Overview tab's statistic cards. A section
 * is null when the caller's role lacks its permission (the calendar manager's limited dashboard).
 */
import type { StaffPermission, StaffRole } from '../staff/roles.js';
import type { AnalyticsResponse } from './analytics.js';

export const OVERVIEW_LOAD_FAILED_MESSAGE = 'Failed to load dashboard statistics. Please try again.';
export const OVERVIEW_ERROR_HEADING = 'Error Loading Dashboard Stats';

export interface AdminOverviewResponse {
  readonly news: { readonly total: number; readonly active: number; readonly high_priority: number } | null;
  /** `upcoming`: active events starting today (server's UTC date) or later. */
  readonly calendar_events: { readonly total: number; readonly active: number; readonly upcoming: number } | null;
  readonly chains: { readonly total: number; readonly active: number; readonly maintenance: number } | null;
  readonly staff: { readonly total: number; readonly by_role: Readonly<Record<StaffRole, number>> } | null;
  readonly api_keys: { readonly total: number; readonly active: number; readonly expired: number } | null;
  /** `new`: submissions with status new (the spec counts those). */
  readonly contact_submissions: { readonly total: number; readonly new: number } | null;
  /** The analytics summary: the last 365 days, top pages cut to 5 (the spec's dashboard). */
  readonly analytics: AnalyticsResponse | null;
  /** ISO 8601 instant the figures were read at. */
  readonly generated_at: string;
}

/**
 * The permission each card needs. Staff counts are part of the full dashboard of admins and super
 * admins, which is what `analytics` marks out from the calendar manager's limited one.
 */
export const OVERVIEW_SECTION_PERMISSIONS = {
  news: 'breaking_news',
  calendar_events: 'calendar',
  chains: 'chain_settings',
  staff: 'analytics',
  api_keys: 'api_keys',
  contact_submissions: 'contact_submissions',
  analytics: 'analytics',
} as const satisfies Record<string, StaffPermission>;
