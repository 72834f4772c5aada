/**
 * `GET /api/auth/preferences` and `PUT /api/auth/preferences` (any signed-in staff member): the
 * dashboard preferences kept in user_dashboard_preferences. GET answers the defaults (all null)
 * when nothing was saved; PUT replaces what it names and answers the saved row.
 */
import { z } from 'zod';

export const MAX_PREFERENCES_JSON = 16_000;
export const PREFERENCES_TOO_LARGE_MESSAGE = `Preferences must be at most ${MAX_PREFERENCES_JSON} characters of JSON`;
export const PREFERENCES_THEME_MESSAGE = 'theme must be text of at most 50 characters, or null';

export interface DashboardPreferences {
  /** Free-form layout the web panel reads back (JSON), null when never saved. */
  readonly layout: unknown;
  readonly widgets: unknown;
  readonly theme: string | null;
  /** ISO 8601 instant of the last save; null when never saved. */
  readonly updated_at: string | null;
}

export const DEFAULT_DASHBOARD_PREFERENCES: DashboardPreferences = {
  layout: null,
  widgets: null,
  theme: null,
  updated_at: null,
};

const json = z
  .json()
  .refine((value) => JSON.stringify(value).length <= MAX_PREFERENCES_JSON, PREFERENCES_TOO_LARGE_MESSAGE);

/** Fields left out keep their value; null clears one. */
export const UpdatePreferencesRequestSchema = z.object(
  {
    layout: json.optional(),
    widgets: json.optional(),
    theme: z.string({ error: PREFERENCES_THEME_MESSAGE }).trim().max(50, PREFERENCES_THEME_MESSAGE).nullable().optional(),
  },
  { error: 'Send the preferences as a JSON object' },
);
export type UpdatePreferencesRequest = z.input<typeof UpdatePreferencesRequestSchema>;
