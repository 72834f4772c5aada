import type { ColumnType } from 'kysely';
import type { JsonObject, NullableJson, TimestampDefault, UuidDefault } from '../../database/column-types.js';

export type DeviceType = 'mobile' | 'desktop';

/** A UTC calendar day: written as 'YYYY-MM-DD', read back through `to_char` by the repository. */
type Day = ColumnType<string, string, string>;
/** bigint counters: node-postgres returns them as strings, so queries cast their sums. */
type Counter = ColumnType<string | number, number, number>;

/** One row per day with visits: the totals the statistics need. Written by the analytics projection. */
export interface AnalyticsDailyTable {
  day: Day;
  visits: Counter;
  mobile: Counter;
  desktop: Counter;
  /** Visits reporting a session duration above 0, and those under the bounce threshold. */
  timed_sessions: Counter;
  bounces: Counter;
  /** Seconds, over the timed sessions. */
  duration_sum: Counter;
}

export interface AnalyticsDailyPagesTable {
  day: Day;
  page: string;
  visits: Counter;
}

/** The last day each visitor was seen on. */
export interface AnalyticsVisitorsTable {
  visitor_id: string;
  last_seen: Day;
}

export interface AnalyticsVisitsTable {
  id: UuidDefault;
  event_id: string;
  page: string;
  visitor_id: string;
  user_agent: string | null;
  referrer: string | null;
  device_type: DeviceType | null;
  /** Seconds. */
  session_duration: number | null;
  /** Always null: no location lookup. */
  country: string | null;
  created_at: TimestampDefault;
}

export interface AnalyticsEventsTable {
  id: UuidDefault;
  event_id: string;
  visitor_id: string | null;
  event_type: string;
  event_data: NullableJson<JsonObject>;
  page: string | null;
  created_at: TimestampDefault;
}
