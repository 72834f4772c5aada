import { TOP_PAGES_MAX } from '@xsd/contracts/api/analytics';
import { sql } from 'kysely';
import type { Db } from '../../database/database.js';

export interface AnalyticsTotals {
  readonly visits: number;
  readonly mobile: number;
  readonly desktop: number;
  readonly timedSessions: number;
  readonly bounces: number;
  readonly durationSum: number;
}

/** What the statistics of a window read; days are UTC dates 'YYYY-MM-DD', inclusive. */
export interface AnalyticsReads {
  totals(fromDay: string): Promise<AnalyticsTotals>;
  uniqueVisitors(fromDay: string): Promise<number>;
  topPages(fromDay: string, limit?: number): Promise<{ page: string; visits: number }[]>;
  visitsByDay(fromDay: string): Promise<{ date: string; visits: number }[]>;
}

/** Sums as float8: node-postgres would return bigint sums as strings. */
const total = (column: 'visits' | 'mobile' | 'desktop' | 'timed_sessions' | 'bounces' | 'duration_sum') =>
  sql<number>`coalesce(sum(${sql.ref(column)}), 0)::float8`;

/**
 * The rollup reads, as plain functions over a database (the repository wraps them for Nest, the
 * benchmark calls them directly): a row per day, a row per page and day, and the visitors last
 * seen inside the window. Never the raw visits.
 */
export function analyticsReads(db: Db): AnalyticsReads {
  return {
    totals: (fromDay) =>
      db
        .selectFrom('analytics_daily')
        .select([
          total('visits').as('visits'),
          total('mobile').as('mobile'),
          total('desktop').as('desktop'),
          total('timed_sessions').as('timedSessions'),
          total('bounces').as('bounces'),
          total('duration_sum').as('durationSum'),
        ])
        .where('day', '>=', fromDay)
        .executeTakeFirstOrThrow(),

    // Visitors whose last visit is on or after `fromDay`: the unique visitors of a window ending today.
    uniqueVisitors: async (fromDay) => {
      const row = await db
        .selectFrom('analytics_visitors')
        .select(sql<number>`count(*)::float8`.as('count'))
        .where('last_seen', '>=', fromDay)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    topPages: (fromDay, limit = TOP_PAGES_MAX) =>
      db
        .selectFrom('analytics_daily_pages')
        .select(['page', total('visits').as('visits')])
        .where('day', '>=', fromDay)
        .groupBy('page')
        .orderBy('visits', 'desc')
        .orderBy('page')
        .limit(limit)
        .execute(),

    // Visits per day with any, from `fromDay` on.
    visitsByDay: (fromDay) =>
      db
        .selectFrom('analytics_daily')
        .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('date'), sql<number>`visits::float8`.as('visits')])
        .where('day', '>=', fromDay)
        .orderBy('day')
        .execute(),
  };
}
