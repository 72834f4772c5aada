/**
 * The silver price tracker's rules (spec sections 2 and 9): ranges, trend stats, the trend and
 * moving-average lines, volatility and data-quality labels, and the summary sentence per range.
 * Inputs are chart points oldest first (as `GET /api/silver/history` returns them).
 */
import type { ChartPoint } from './chart-points.js';
import { formatChangePercent, formatSilverChange, formatSilverPrice } from './format.js';
import { percentChange, type TimedPrice } from './price-change.js';
import { DAY_MS, type Instant, toMillis } from './time.js';
import { classifyTrend, mean, standardDeviation, type Trend } from './trend.js';

export const SILVER_RANGES = [
  { days: 1, label: '1D' },
  { days: 7, label: '7D' },
  { days: 30, label: '30D' },
  { days: 90, label: '90D' },
] as const;
export type SilverRangeDays = (typeof SILVER_RANGES)[number]['days'];

/** The trend line is drawn for ranges of 7 days or more; the moving average for 30 or more. */
export const TREND_LINE_MIN_DAYS = 7;
export const MOVING_AVERAGE_MIN_DAYS = 30;
/** The moving average uses the last up to 5 points, and exists only with at least 5. */
export const MOVING_AVERAGE_WINDOW = 5;
export const SILVER_CHART_HEIGHT_PX = 400;

/** Axis tick limits: 12 for 1D, 8 up to 7D, 10 otherwise; beyond 30 days every third label. */
export function silverChartTickCount(days: number): number {
  if (days <= 1) return 12;
  if (days <= 7) return 8;
  return 10;
}
export function silverChartLabelEvery(days: number): number {
  return days > 30 ? 3 : 1;
}

export interface TrendStats {
  readonly high: number;
  readonly low: number;
  /** Last minus first (USD per gram); null with fewer than 2 points. */
  readonly change: number | null;
  readonly changePercent: number | null;
  /** Standard deviation of the prices as a percent of their mean. */
  readonly volatility: number;
  readonly trend: Trend;
  /** Mean of the last 5 points; null with fewer than 5. */
  readonly movingAverage: number | null;
}

const usablePoints = <T extends TimedPrice>(points: readonly T[]) =>
  points.filter((p) => Number.isFinite(p.price) && p.price > 0 && Number.isFinite(toMillis(p.timestamp)));

/** Stats of a range; null without points. */
export function trendStats(points: readonly TimedPrice[]): TrendStats | null {
  const usable = usablePoints(points);
  if (usable.length === 0) return null;
  const prices = usable.map((p) => p.price);
  const first = prices[0];
  const last = prices[prices.length - 1];
  const enough = prices.length >= 2;
  const changePercent = enough ? percentChange(first, last) : null;
  return {
    high: Math.max(...prices),
    low: Math.min(...prices),
    change: enough ? last - first : null,
    changePercent,
    volatility: (standardDeviation(prices) / mean(prices)) * 100,
    trend: classifyTrend(changePercent),
    movingAverage: prices.length >= MOVING_AVERAGE_WINDOW ? mean(prices.slice(-MOVING_AVERAGE_WINDOW)) : null,
  };
}

/** Each point's mean of the last up to 5 points; empty with fewer than 5 points. */
export function movingAverageSeries(points: readonly ChartPoint[], window = MOVING_AVERAGE_WINDOW): ChartPoint[] {
  const usable = usablePoints(points);
  if (usable.length < window) return [];
  return usable.map((point, index) => ({
    timestamp: point.timestamp,
    price: mean(usable.slice(Math.max(0, index - window + 1), index + 1).map((p) => p.price)),
  }));
}

/** Least-squares line through the points, valued at each point's time; empty with fewer than 2. */
export function trendLineSeries(points: readonly ChartPoint[]): ChartPoint[] {
  const usable = usablePoints(points);
  if (usable.length < 2) return [];
  const xs = usable.map((p) => toMillis(p.timestamp));
  const ys = usable.map((p) => p.price);
  const mx = mean(xs);
  const my = mean(ys);
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i += 1) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  const slope = den === 0 ? 0 : num / den;
  return usable.map((point, i) => ({ timestamp: point.timestamp, price: my + slope * (xs[i] - mx) }));
}

export type VolatilityLabel = 'Low' | 'Moderate' | 'High';

/** Under 1 % Low, under 3 % Moderate, else High. */
export function volatilityLabel(volatility: number): VolatilityLabel {
  if (volatility < 1) return 'Low';
  if (volatility < 3) return 'Moderate';
  return 'High';
}

export type DataQuality = 'Excellent' | 'Good' | 'Limited' | 'No Data';

/** Over 10 points Excellent, over 5 Good, above 0 Limited, else No Data. */
export function dataQuality(pointCount: number): DataQuality {
  if (pointCount > 10) return 'Excellent';
  if (pointCount > 5) return 'Good';
  if (pointCount > 0) return 'Limited';
  return 'No Data';
}

/** (high - low) / low, percent; 0 when the range is flat or unknown. */
export function rangeVariation(high: number, low: number): number {
  return low > 0 ? ((high - low) / low) * 100 : 0;
}

/** Where the current price sits between low (0) and high (100); 50 for a flat range. */
export function rangePosition(current: number, low: number, high: number): number {
  if (!(high > low)) return 50;
  return Math.min(100, Math.max(0, ((current - low) / (high - low)) * 100));
}

export const LIMITED_HISTORY_BADGE = 'Limited historical data';
export const BUILDING_HISTORY_BADGE = 'Building historical data';
export const NO_SILVER_HISTORY_MESSAGE = 'No historical silver price data available';
export const NO_SILVER_HISTORY_HINT = 'Data will appear as silver prices are updated';
export const SILVER_LOAD_FAILED_MESSAGE = 'Failed to load silver price data. Please try again.';
export const INSUFFICIENT_DATA_TEXT = 'Insufficient data';

/**
 * The badge on a range whose history is still thin: 'Limited historical data' with 5 points or
 * fewer, 'Building historical data' when the points cover less than 90 % of the range; else null.
 */
export function historyBadge(points: readonly TimedPrice[], days: number, now: Instant): string | null {
  const usable = usablePoints(points);
  if (usable.length === 0) return null;
  if (usable.length <= MOVING_AVERAGE_WINDOW) return LIMITED_HISTORY_BADGE;
  const covered = toMillis(now) - toMillis(usable[0].timestamp);
  return covered < 0.9 * days * DAY_MS ? BUILDING_HISTORY_BADGE : null;
}

const RANGE_PHRASE: Readonly<Record<number, string>> = {
  1: 'In the last 24 hours',
  7: 'Over the past week',
  30: 'Over the past month',
  90: 'Over the past 90 days',
};

function rangePhrase(days: number): string {
  return RANGE_PHRASE[days] ?? `Over the past ${days} days`;
}

/** The month sentence's words: over 3 % high, over 1 % moderate, else low. */
export function volatilityWord(volatility: number): 'high' | 'moderate' | 'low' {
  if (volatility > 3) return 'high';
  if (volatility > 1) return 'moderate';
  return 'low';
}

/** One sentence per range describing the move, e.g. 'Over the past week silver rose +1.20% ...'. */
export function silverSummary(days: number, stats: TrendStats | null, current: number | null): string {
  const phrase = rangePhrase(days);
  if (!stats || stats.changePercent === null || stats.change === null) {
    return `${phrase} there is not enough silver price data yet to describe the move.`;
  }
  const price = formatSilverPrice(current ?? stats.high);
  const move =
    stats.changePercent > 0
      ? `rose ${formatChangePercent(stats.changePercent)} (${formatSilverChange(stats.change)})`
      : stats.changePercent < 0
        ? `fell ${formatChangePercent(stats.changePercent)} (${formatSilverChange(stats.change)})`
        : 'held steady';
  if (days <= 1) return `${phrase} silver ${move} and trades at ${price} per gram.`;
  if (days <= 7) {
    return `${phrase} silver ${move}, between ${formatSilverPrice(stats.low)} and ${formatSilverPrice(stats.high)}, and trades at ${price} per gram.`;
  }
  if (days <= 30) return `${phrase} silver ${move} with ${volatilityWord(stats.volatility)} volatility; it trades at ${price} per gram.`;
  return `${phrase} silver ${move}; the trend is ${stats.trend} with ${volatilityWord(stats.volatility)} volatility.`;
}
