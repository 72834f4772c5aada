import type { ColumnType } from 'kysely';

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
