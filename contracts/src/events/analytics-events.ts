import { z } from 'zod';

/**
 * What a visitor's browser reported, after the server left out staff, bots and visitors asking
 * not to be tracked. The User-Agent is cut to 256 characters; the device type is derived from it
 * at the edge (contracts/rules/user-agent.ts), so a rebuild does not depend on a newer classifier.
 */
export const PageViewedData = z.object({
  page: z.string().min(1).max(512),
  visitorId: z.string().min(1).max(64),
  sessionDuration: z.number().int().min(0).nullable(),
  referrer: z.string().max(512).nullable(),
  userAgent: z.string().max(256).nullable(),
  deviceType: z.enum(['mobile', 'desktop']),
});

export const AnalyticsEventRecordedData = z.object({
  visitorId: z.string().min(1).max(64),
  eventType: z.string().min(1).max(64),
  eventData: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  page: z.string().max(512).nullable(),
});
