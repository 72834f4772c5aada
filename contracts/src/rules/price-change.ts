import { DAY_MS, type Instant, toMillis } from './time.js';

/** A price at a moment: a history row, a silver reading, a chart point. */
export interface TimedPrice {
  readonly price: number;
  readonly timestamp: Instant;
}

/**
 * Percent change from `reference` to `current`. Null when there is no reference or it is at or
 * below 0 (the spec ignores non-positive references for change calculations).
 */
export function percentChange(reference: number | null | undefined, current: number): number | null {
  if (reference === null || reference === undefined || !Number.isFinite(reference) || reference <= 0) return null;
  if (!Number.isFinite(current)) return null;
  return ((current - reference) / reference) * 100;
}

/** The point whose time is closest to `target`; on a tie the older one. Null for no points. */
export function closestPoint<T extends TimedPrice>(points: readonly T[], target: Instant): T | null {
  const at = toMillis(target);
  let best: T | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const point of points) {
    const time = toMillis(point.timestamp);
    const distance = Math.abs(time - at);
    if (distance < bestDistance || (distance === bestDistance && best !== null && time < toMillis(best.timestamp))) {
      best = point;
      bestDistance = distance;
    }
  }
  return best;
}

/** The moment the 24 h change is measured against. */
export function dayAgo(now: Instant): number {
  return toMillis(now) - DAY_MS;
}

/**
 * The 24 h change in percent: against the history point closest to 24 hours before `now`
 * (`candidates` may be the whole history or just the points either side of that moment). The
 * current reading itself is never its own reference. Null without a usable reference.
 */
export function change24h(current: TimedPrice, candidates: readonly TimedPrice[], now: Instant): number | null {
  const currentAt = toMillis(current.timestamp);
  const others = candidates.filter((point) => toMillis(point.timestamp) < currentAt);
  const reference = closestPoint(others, dayAgo(now));
  return percentChange(reference?.price, current.price);
}
