import type { Default, Timestamp, TimestampDefault, UuidDefault } from '../../database/column-types.js';

/**
 * The newest row by created_at is the one in force.
 * Written by the site_settings projection alone.
 */
export interface SiteSettingsTable {
  id: UuidDefault;
  event_id: string;
  maintenance_mode: Default<boolean>;
  maintenance_message: string | null;
  maintenance_title: string | null;
  expected_up_time: Timestamp | null;
  created_at: TimestampDefault;
  updated_by: string | null;
  updated_at: TimestampDefault;
}
