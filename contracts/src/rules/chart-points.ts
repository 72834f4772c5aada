import type { TimedPrice } from './price-change.js';
import { HOUR_MS, type Instant, isoString, MINUTE_MS, toMillis } from './time.js';

/** One point of a price chart (a token on a chain, or silver per gram). */
export interface ChartPoint {
  /** ISO 8601 instant. */
  readonly timestamp: string;
  readonly price: number;
}

/** History windows the API accepts, in days. */
export const MIN_HISTORY_DAYS = 1;
export const MAX_HISTORY_DAYS = 365;

/**
 * What a window's points are drawn from: every reading for a day, hourly closes up to 90 days (the
 * longest range a screen offers, and how long raw readings are kept), daily closes beyond (API
 * clients only: a year of hourly points is 8,760, more than a chart has pixels).
 */
export type ChartResolution = 'reading' | 'hour' | 'day';
export const READING_POINTS_MAX_DAYS = 1;
export const HOURLY_POINTS_MAX_DAYS = 90;

export function chartResolution(days: number): ChartResolution {
  if (days <= READING_POINTS_MAX_DAYS) return 'reading';
  return days <= HOURLY_POINTS_MAX_DAYS ? 'hour' : 'day';
}

/** The spec's point limit: 144 for one day, else 24 per day. */
export function chartPointLimit(days: number): number {
  return days <= 1 ? 144 : 24 * days;
}

export interface ChartRules {
  /** A point this close after the last kept one replaces it (the newest wins). */
  readonly mergeGapMs: number;
  /** A current-price point is appended when the last point is older than this. */
  readonly currentPointAfterMs: number;
  readonly pointLimit: number;
}

/** Token charts: merge within 5 min (1 day) or 15 min; current point after 5 min or 30 min. */
export function tokenChartRules(days: number): ChartRules {
  const oneDay = days <= 1;
  return {
    mergeGapMs: (oneDay ? 5 : 15) * MINUTE_MS,
    currentPointAfterMs: (oneDay ? 5 : 30) * MINUTE_MS,
    pointLimit: chartPointLimit(days),
  };
}

/** Silver readings within 60 s are merged into the newest before any chart rule. */
export const SILVER_MERGE_MS = 60_000;

/** Silver charts: merge within 5 min (1 day) or 1 hour; current point after 10 min or 2 hours. */
export function silverChartRules(days: number): ChartRules {
  const oneDay = days <= 1;
  return {
    mergeGapMs: oneDay ? 5 * MINUTE_MS : HOUR_MS,
    currentPointAfterMs: oneDay ? 10 * MINUTE_MS : 2 * HOUR_MS,
    pointLimit: chartPointLimit(days),
  };
}

/**
 * Walks the points oldest first in groups: a point less than `gapMs` after the first point of
 * the current group replaces the group's point (the newest wins), a later one starts a new group.
 * A steady stream of readings every 30 s thus becomes one point per gap, not a single point.
 * Drops non-numbers and non-positive prices.
 */
export function mergeClosePoints<T extends TimedPrice>(points: readonly T[], gapMs: number): T[] {
  const kept: T[] = [];
  let groupStart = Number.NEGATIVE_INFINITY;
  for (const point of sortByTime(points)) {
    if (!Number.isFinite(point.price) || point.price <= 0) continue;
    const at = toMillis(point.timestamp);
    if (!Number.isFinite(at)) continue;
    if (kept.length > 0 && at - groupStart < gapMs) {
      kept[kept.length - 1] = point;
    } else {
      kept.push(point);
      groupStart = at;
    }
  }
  return kept;
}

/**
 * At most `limit` points, evenly thinned over the series: exactly `limit` when there are more,
 * always keeping the oldest and the newest.
 */
export function limitPoints<T>(points: readonly T[], limit: number): T[] {
  if (points.length <= limit) return [...points];
  if (limit <= 0) return [];
  if (limit === 1) return [points[points.length - 1]];
  const step = (points.length - 1) / (limit - 1);
  return Array.from({ length: limit }, (_, k) => points[Math.round(k * step)]);
}

/**
 * Chart points from raw history (any order): merged, limited, and with a point at the current
 * price appended at `now` when the last one is older than the rule allows (or there is none).
 * Without a current price above 0 nothing is appended.
 */
export function buildChartPoints(
  history: readonly TimedPrice[],
  options: { readonly rules: ChartRules; readonly now: Instant; readonly current: number | null; readonly preMergeMs?: number },
): ChartPoint[] {
  return chartPointsOf(history, options).map(toChartPoint);
}

/**
 * buildChartPoints' points with their instants as given (the current point's as `now` in epoch
 * ms): for a server that writes the instants' text itself (a year's chart is thousands of them).
 */
export function chartPointsOf<T extends TimedPrice>(
  history: readonly T[],
  options: { readonly rules: ChartRules; readonly now: Instant; readonly current: number | null; readonly preMergeMs?: number },
): (T | { readonly timestamp: number; readonly price: number })[] {
  const { rules, current } = options;
  const now = toMillis(options.now);
  const premerged = options.preMergeMs ? mergeClosePoints(history, options.preMergeMs) : history;
  const merged = mergeClosePoints(premerged, rules.mergeGapMs);
  const last = merged[merged.length - 1];
  const appendCurrent =
    current !== null &&
    Number.isFinite(current) &&
    current > 0 &&
    (!last || now - toMillis(last.timestamp) > rules.currentPointAfterMs);
  if (!appendCurrent) return limitPoints(merged, rules.pointLimit);
  // Room for the current point, so the newest reading survives the limit next to it.
  const points: (T | { readonly timestamp: number; readonly price: number })[] = limitPoints(merged, rules.pointLimit - 1);
  points.push({ timestamp: now, price: current });
  return points;
}

function toChartPoint(point: TimedPrice): ChartPoint {
  return { timestamp: isoString(toMillis(point.timestamp)), price: point.price };
}

/** Oldest first; the already ordered series the read models give are walked once, not copied and sorted. */
function sortByTime<T extends TimedPrice>(points: readonly T[]): readonly T[] {
  let previous = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    const at = toMillis(point.timestamp);
    if (at < previous) return [...points].sort((a, b) => toMillis(a.timestamp) - toMillis(b.timestamp));
    if (Number.isFinite(at)) previous = at;
  }
  return points;
}
