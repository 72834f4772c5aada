/**
 * `PUT /api/admin/site` (permission `chain_settings`): turn maintenance on, change its texts or
 * expected end, or turn it off. Answers with the new `GET /api/site` body once it shows there.
 * Omitted fields keep their current value; null (or an empty text) means "none / the default".
 */
import { z } from 'zod';

export const MAINTENANCE_MODE_REQUIRED_MESSAGE = 'maintenance_mode must be true or false';
export const INVALID_EXPECTED_UP_TIME_MESSAGE =
  'expected_up_time must be an ISO 8601 time with a time zone, such as 2026-05-01T12:00:00Z, or null';
export const EXPECTED_UP_TIME_IN_PAST_MESSAGE = 'expected_up_time must be in the future';
export const MAX_MAINTENANCE_TITLE = 200;
export const MAX_MAINTENANCE_MESSAGE = 2000;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text or null` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const UpdateSiteSettingsRequestSchema = z.object(
  {
    maintenance_mode: z.boolean({ error: MAINTENANCE_MODE_REQUIRED_MESSAGE }),
    maintenance_title: text('maintenance_title', MAX_MAINTENANCE_TITLE),
    maintenance_message: text('maintenance_message', MAX_MAINTENANCE_MESSAGE),
    expected_up_time: z.iso
      .datetime({ offset: true, error: INVALID_EXPECTED_UP_TIME_MESSAGE })
      .transform((value) => new Date(value).toISOString())
      .nullable()
      .optional(),
  },
  { error: MAINTENANCE_MODE_REQUIRED_MESSAGE },
);
export type UpdateSiteSettingsRequest = z.input<typeof UpdateSiteSettingsRequestSchema>;
