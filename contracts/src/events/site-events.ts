import { z } from 'zod';
import { COMMUNITY_LINK_IDS, CommunityLinkValue } from '../api/community-links.js';

const instant = z.iso.datetime({ offset: true });

/** Fields a maintenance start or update carries; null means "use the default text" / no end time. */
export const MaintenanceFields = z.object({
  title: z.string().trim().max(200).nullable(),
  message: z.string().trim().max(2000).nullable(),
  expectedUpTime: instant.nullable(),
});

export const MaintenanceStartedData = MaintenanceFields;
export const MaintenanceUpdatedData = MaintenanceFields;

/**
 * `schedule`: the server ended it because expected_up_time passed; `staff`: someone switched it off.
 * `recordedBy`: the staff id the site_settings row names as updater when no staff member acted
 * (the scheduler records the newest super admin, as the spec says); null otherwise.
 */
export const MaintenanceEndedData = z.object({
  reason: z.enum(['staff', 'schedule']),
  recordedBy: z.uuid().nullable().default(null),
});

/**
 * Staff changed community links: `links` holds each changed link's new value (null: cleared),
 * `previous` its value before (null: never set or cleared), so the activity log shows the change.
 */
const ChangedLinks = z.partialRecord(z.enum(COMMUNITY_LINK_IDS), CommunityLinkValue);
export const CommunityLinksChangedData = z.object({ links: ChangedLinks, previous: ChangedLinks });
