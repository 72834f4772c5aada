/**
 * `POST /api/analytics` (public, by beacon) and `GET /api/admin/analytics?days=` (analytics
 * permission): the spec's visitor analytics. Statistics follow the spec's definitions: bounce rate
 * is the share of sessions under 30 s among sessions with a duration above 0.
 */
import { z } from 'zod';

export const ANALYTICS_WINDOWS = [7, 30, 90, 365] as const;
export type AnalyticsWindow = (typeof ANALYTICS_WINDOWS)[number];
export const DEFAULT_ANALYTICS_WINDOW: AnalyticsWindow = 30;
/** The Overview reads the year. */
export const DASHBOARD_ANALYTICS_WINDOW: AnalyticsWindow = 365;
export const BOUNCE_THRESHOLD_SECONDS = 30;
/** Top pages shown first, and how many more each "load more" adds; the dashboard shows 5. */
export const TOP_PAGES_STEP = 10;
export const DASHBOARD_TOP_PAGES = 5;
/** How many pages the server ranks at most (the tab reveals them 10 at a time). */
export const TOP_PAGES_MAX = 100;
/** The daily chart shows the last 14 days, the monthly one the last 12 months. */
export const DAILY_CHART_DAYS = 14;
export const MONTHLY_CHART_MONTHS = 12;

export const ANALYTICS_LOAD_FAILED_MESSAGE = 'Failed to load analytics data. Please try again.';

/** localStorage key of the random visitor id. */
export const VISITOR_ID_STORAGE_KEY = 'xsd_visitor_id';

export const VISITOR_ID = z.string().trim().min(8, 'visitor_id is too short').max(64, 'visitor_id is too long');
const page = z.string().trim().min(1, 'page is required').max(512, 'page is too long').startsWith('/', 'page must be a path');

const duration = z.number().int().min(0).max(86_400);

/**
 * A page view, sent on load and on each route change (spec section 4, "Page tracking"). As the
 * spec's visit record, `session_duration` is the previous page's time on screen in seconds, sent
 * with the route change that ended it; absent on the first view of a page load.
 */
export const PageViewBeaconSchema = z.strictObject({
  page,
  visitor_id: VISITOR_ID,
  session_duration: duration.nullable().optional(),
  referrer: z.string().max(512).nullable().optional(),
});
export type PageViewBeacon = z.infer<typeof PageViewBeaconSchema>;

/**
 * The beacon sent when the page is hidden or unloaded: the last page's time on screen. It counts
 * toward session durations and the bounce rate, never as another visit.
 */
export const PageLeaveBeaconSchema = z.strictObject({
  page,
  visitor_id: VISITOR_ID,
  session_duration: duration,
  ended: z.literal(true),
});
export type PageLeaveBeacon = z.infer<typeof PageLeaveBeaconSchema>;

/** How a leave beacon is kept among the raw custom events (analytics_events). */
export const PAGE_LEAVE_EVENT_TYPE = 'page_leave';

/** A custom event (analytics_events). `event_data` is a small JSON object. */
export const CustomEventBeaconSchema = z.strictObject({
  visitor_id: VISITOR_ID,
  event_type: z
    .string()
    .trim()
    .min(1, 'event_type is required')
    .max(64, 'event_type is too long')
    .refine((type) => type !== PAGE_LEAVE_EVENT_TYPE, `${PAGE_LEAVE_EVENT_TYPE} is sent as a leave beacon (page, visitor_id, session_duration, ended)`),
  event_data: z
    .record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean(), z.null()]))
    .refine((data) => Object.keys(data).length <= 20, 'event_data has too many fields')
    .nullable()
    .optional(),
  page: page.nullable().optional(),
});
export type CustomEventBeacon = z.infer<typeof CustomEventBeaconSchema>;

export const AnalyticsBeaconSchema = z.union([PageViewBeaconSchema, PageLeaveBeaconSchema, CustomEventBeaconSchema], {
  error:
    'Send a page view (page, visitor_id, session_duration), a leave beacon (page, visitor_id, session_duration, ended) or an event (visitor_id, event_type, event_data, page)',
});
export type AnalyticsBeacon = z.infer<typeof AnalyticsBeaconSchema>;

export const AnalyticsQuerySchema = z.object({
  days: z
    .enum(ANALYTICS_WINDOWS.map(String) as [string, ...string[]], { error: 'days must be 7, 30, 90 or 365' })
    .default(String(DEFAULT_ANALYTICS_WINDOW))
    .transform((days) => Number(days) as AnalyticsWindow),
});

export interface AnalyticsResponse {
  readonly days: AnalyticsWindow;
  readonly total_visits: number;
  readonly unique_visitors: number;
  /** Seconds, rounded; 0 when no visit has a duration. */
  readonly average_session_duration: number;
  /** Percent, one decimal. */
  readonly bounce_rate: number;
  /** Most visited first, at most TOP_PAGES_MAX. */
  readonly top_pages: readonly { readonly page: string; readonly visits: number }[];
  /** The last DAILY_CHART_DAYS days (UTC dates, oldest first), zeros included. */
  readonly daily_visits: readonly { readonly date: string; readonly visits: number }[];
  /** The last MONTHLY_CHART_MONTHS months ('YYYY-MM', oldest first), zeros included. */
  readonly monthly_visits: readonly { readonly month: string; readonly visits: number }[];
  readonly device_types: readonly { readonly type: 'mobile' | 'desktop'; readonly count: number }[];
  /** ISO 8601 instant the figures were read at. */
  readonly generated_at: string;
}
