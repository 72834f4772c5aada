import { change24h, closestPoint, dayAgo, type TimedPrice } from './price-change.js';
import { type Instant, toMillis } from './time.js';

/** The spec's silver stats (USD per gram). */
export interface SilverStats {
  readonly current: number;
  readonly high24h: number;
  readonly low24h: number;
  /** USD per gram against the reading closest to 24 h ago; null without one ('N/A', 'Insufficient data'). */
  readonly change24h: number | null;
  /** Percent; null without a reference or when it is at or below 0. */
  readonly changePercent: number | null;
  /** ISO 8601 instant of the newest reading. */
  readonly lastUpdate: string;
  /** True when there is an older reading to compare with. */
  readonly hasHistoricalData: boolean;
}

/**
 * Stats of the newest silver reading: high and low over the 24 hours before `now` (the current
 * reading included), change against the reading closest to 24 hours ago.
 * `window` holds the readings of the last 24 h; `referenceCandidates` the readings either side of
 * 24 h ago (both may overlap, and may include `current`).
 */
export function silverStats(
  current: TimedPrice,
  window: readonly TimedPrice[],
  referenceCandidates: readonly TimedPrice[],
  now: Instant,
): SilverStats {
  const currentAt = toMillis(current.timestamp);
  const since = dayAgo(now);
  const recent = [current, ...window.filter((p) => toMillis(p.timestamp) >= since && p.price > 0)];
  const prices = recent.map((p) => p.price);
  const older = [...window, ...referenceCandidates].filter((p) => toMillis(p.timestamp) < currentAt);
  const reference = closestPoint(older, since);
  const usable = reference !== null && reference.price > 0;
  return {
    current: current.price,
    high24h: Math.max(...prices),
    low24h: Math.min(...prices),
    change24h: usable ? current.price - reference.price : null,
    changePercent: change24h(current, older, now),
    lastUpdate: new Date(currentAt).toISOString(),
    hasHistoricalData: reference !== null,
  };
}
