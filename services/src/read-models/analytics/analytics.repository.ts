import { Inject, Injectable } from '@nestjs/common';
import { TOP_PAGES_MAX } from '@xsd/contracts/api/analytics';
import { sql } from 'kysely';
import { DATABASE } from '../../core/injection-tokens.js';
import type { DatabaseHandle, Db } from '../../database/database.js';

export interface AnalyticsTotals {
  readonly visits: number;
  readonly mobile: number;
  readonly desktop: number;
  readonly timedSessions: number;
  readonly bounces: number;
  readonly durationSum: number;
}

/** Sums as float8: node-postgres would return bigint sums as strings. */
const total = (column: 'visits' | 'mobile' | 'desktop' | 'timed_sessions' | 'bounces' | 'duration_sum') =>
  sql<number>`coalesce(sum(${sql.ref(column)}), 0)::float8`;

/**
 * The statistics of a window, read from the rollups alone: a row per day, a row per page and day,
 * and the visitors last seen inside the window. Days are UTC dates 'YYYY-MM-DD', inclusive.
 */
@Injectable()
export class AnalyticsRepository {
  private readonly db: Db;

  constructor(@Inject(DATABASE) database: Pick<DatabaseHandle, 'db'>) {
    this.db = database.db;
  }

  async totals(fromDay: string): Promise<AnalyticsTotals> {
    const row = await this.db
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
      .executeTakeFirstOrThrow();
    return row;
  }

  /** Visitors whose last visit is on or after `fromDay`: the unique visitors of a window ending today. */
  async uniqueVisitors(fromDay: string): Promise<number> {
    const row = await this.db
      .selectFrom('analytics_visitors')
      .select(sql<number>`count(*)::float8`.as('count'))
      .where('last_seen', '>=', fromDay)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  async topPages(fromDay: string, limit = TOP_PAGES_MAX): Promise<{ page: string; visits: number }[]> {
    return this.db
      .selectFrom('analytics_daily_pages')
      .select(['page', total('visits').as('visits')])
      .where('day', '>=', fromDay)
      .groupBy('page')
      .orderBy('visits', 'desc')
      .orderBy('page')
      .limit(limit)
      .execute();
  }

  /** Visits per day with any, from `fromDay` on. */
  async visitsByDay(fromDay: string): Promise<{ date: string; visits: number }[]> {
    return this.db
      .selectFrom('analytics_daily')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('date'), sql<number>`visits::float8`.as('visits')])
      .where('day', '>=', fromDay)
      .orderBy('day')
      .execute();
  }
}
