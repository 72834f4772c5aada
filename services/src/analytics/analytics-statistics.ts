import {
  type AnalyticsResponse,
  type AnalyticsWindow,
  DAILY_CHART_DAYS,
  MONTHLY_CHART_MONTHS,
} from '@xsd/contracts/api/analytics';
import type { AnalyticsReads, AnalyticsTotals } from '../read-models/analytics/analytics.queries.js';

const DAY_MS = 86_400_000;

/** The UTC date `daysBack` days before `now`, as 'YYYY-MM-DD'. */
export function utcDay(now: Date, daysBack = 0): string {
  return new Date(now.getTime() - daysBack * DAY_MS).toISOString().slice(0, 10);
}

/** First day of a window of `days` days ending today (today counts as one). */
export const windowStart = (now: Date, days: number): string => utcDay(now, days - 1);

/** First day of the month `monthsBack` months before `now`'s, as 'YYYY-MM-DD'. */
export function monthStart(now: Date, monthsBack: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 10);
}

export interface StatisticsInput {
  readonly now: Date;
  readonly days: AnalyticsWindow;
  readonly totals: AnalyticsTotals;
  readonly uniqueVisitors: number;
  readonly topPages: readonly { page: string; visits: number }[];
  /** Visits per day with any, covering at least the last 12 months. */
  readonly visitsByDay: readonly { date: string; visits: number }[];
}

/**
 * The spec's statistics from rollup figures: average duration over visits with one, bounce rate as
 * the share of those under the threshold (counted by the projection), the daily chart (last 14
 * days) and monthly chart (last 12 months) with empty days and months as zeros.
 */
export function statistics(input: StatisticsInput): AnalyticsResponse {
  const { now, totals } = input;
  const byDay = new Map(input.visitsByDay.map((row) => [row.date, row.visits]));
  const daily = Array.from({ length: DAILY_CHART_DAYS }, (_, i) => {
    const date = utcDay(now, DAILY_CHART_DAYS - 1 - i);
    return { date, visits: byDay.get(date) ?? 0 };
  });
  const byMonth = new Map<string, number>();
  for (const row of input.visitsByDay) {
    const month = row.date.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + row.visits);
  }
  const monthly = Array.from({ length: MONTHLY_CHART_MONTHS }, (_, i) => {
    const month = monthStart(now, MONTHLY_CHART_MONTHS - 1 - i).slice(0, 7);
    return { month, visits: byMonth.get(month) ?? 0 };
  });
  return {
    days: input.days,
    total_visits: totals.visits,
    unique_visitors: input.uniqueVisitors,
    average_session_duration: totals.timedSessions === 0 ? 0 : Math.round(totals.durationSum / totals.timedSessions),
    bounce_rate: totals.timedSessions === 0 ? 0 : Math.round((totals.bounces / totals.timedSessions) * 1000) / 10,
    top_pages: input.topPages.map(({ page, visits }) => ({ page, visits })),
    daily_visits: daily,
    monthly_visits: monthly,
    device_types: [
      { type: 'desktop', count: totals.desktop },
      { type: 'mobile', count: totals.mobile },
    ],
    generated_at: now.toISOString(),
  };
}

/** The four rollup reads of a window, at once, folded into the answer. */
export async function loadStatistics(repository: AnalyticsReads, now: Date, days: AnalyticsWindow): Promise<AnalyticsResponse> {
  const from = windowStart(now, days);
  const chartsFrom = [windowStart(now, 365), monthStart(now, MONTHLY_CHART_MONTHS - 1)].sort()[0];
  const [totals, uniqueVisitors, topPages, visitsByDay] = await Promise.all([
    repository.totals(from),
    repository.uniqueVisitors(from),
    repository.topPages(from),
    repository.visitsByDay(chartsFrom),
  ]);
  return statistics({ now, days, totals, uniqueVisitors, topPages, visitsByDay });
}
