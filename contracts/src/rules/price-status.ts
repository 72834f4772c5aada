import { DAY_MS, HOUR_MS, type Instant, MINUTE_MS, toMillis } from './time.js';

/** A reading younger than this is 'Current'. */
export const PRICE_CURRENT_MS = 60_000;
/** The status text is refreshed this often. */
export const PRICE_STATUS_REFRESH_MS = 1_000;
/** A price change flashes for this long (the silver chart's 'recently updated' for 2 s). */
export const PRICE_FLASH_MS = 1_000;
export const CHART_FLASH_MS = 2_000;
/** A chain whose newest reading is older than this is not live (the spec's initial-load rule). */
export const LIVE_FRESHNESS_MS = 5 * MINUTE_MS;

const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'} ago`;

/**
 * The spec's price status text: 'Current' under 60 s old, otherwise relative ('3 minutes ago',
 * '1 hour ago', '2 days ago'). A reading from the future (clock skew) counts as current.
 */
export function priceStatusText(timestamp: Instant, now: Instant): string {
  const age = toMillis(now) - toMillis(timestamp);
  if (!Number.isFinite(age)) return 'Unknown';
  if (age < PRICE_CURRENT_MS) return 'Current';
  if (age < HOUR_MS) return unit(Math.floor(age / MINUTE_MS), 'minute');
  if (age < DAY_MS) return unit(Math.floor(age / HOUR_MS), 'hour');
  return unit(Math.floor(age / DAY_MS), 'day');
}

/** True when the reading is fresh enough for a live indicator. */
export function isFresh(timestamp: Instant | null, now: Instant, maxAgeMs = LIVE_FRESHNESS_MS): boolean {
  if (timestamp === null) return false;
  const age = toMillis(now) - toMillis(timestamp);
  return Number.isFinite(age) && age <= maxAgeMs;
}
