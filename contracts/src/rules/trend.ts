/** up above +1 %, down below -1 %, neutral in between (the spec's trend rule). */
export type Trend = 'up' | 'down' | 'neutral';

export const TREND_THRESHOLD_PERCENT = 1;

export function classifyTrend(changePercent: number | null, threshold = TREND_THRESHOLD_PERCENT): Trend {
  if (changePercent === null || !Number.isFinite(changePercent)) return 'neutral';
  if (changePercent > threshold) return 'up';
  if (changePercent < -threshold) return 'down';
  return 'neutral';
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Population standard deviation. */
export function standardDeviation(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
}
