import { z } from 'zod';

const instant = z.iso.datetime({ offset: true });

/** Most visits or custom events one batch event carries (the API appends a batch every 100 ms). */
export const ANALYTICS_BATCH_MAX = 1_000;

/**
 * What a visitor's browser reported, after the server left out staff, bots and visitors asking
 * not to be tracked. The User-Agent is cut to 256 characters; the device type is derived from it
 * at the edge (contracts/rules/user-agent.ts), so a rebuild does not depend on a newer classifier.
 */
export const PageView = z.object({
  /**
   * 'view': a page shown (counted as a visit, with the previous page's duration if known);
   * 'leave': the page was left, carrying only its duration (not a visit).
   */
  kind: z.enum(['view', 'leave']).default('view'),
  at: instant,
  page: z.string().min(1).max(512),
  visitorId: z.string().min(1).max(64),
  sessionDuration: z.number().int().min(0).nullable(),
  referrer: z.string().max(512).nullable(),
  userAgent: z.string().max(256).nullable(),
  deviceType: z.enum(['mobile', 'desktop']),
});
export type PageView = z.infer<typeof PageView>;

export const CustomAnalyticsEvent = z.object({
  at: instant,
  visitorId: z.string().min(1).max(64),
  eventType: z.string().min(1).max(64),
  eventData: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  page: z.string().max(512).nullable(),
});
export type CustomAnalyticsEvent = z.infer<typeof CustomAnalyticsEvent>;

/**
 * Visits are recorded in batches: one event per batch, so a burst of visitors is a few events a
 * second for the log and the projection, not one each.
 */
export const PageViewsRecordedData = z.object({ visits: z.array(PageView).min(1).max(ANALYTICS_BATCH_MAX) });
export const AnalyticsEventsRecordedData = z.object({ events: z.array(CustomAnalyticsEvent).min(1).max(ANALYTICS_BATCH_MAX) });
