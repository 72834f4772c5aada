import type { SiteSettings } from '@xsd/contracts/api/site';

/** Milliseconds until the expected up time (never negative), or null when none is announced. */
export function remainingMs(expectedUpTime: string | null, now: number): number | null {
  if (!expectedUpTime) return null;
  const end = Date.parse(expectedUpTime);
  if (Number.isNaN(end)) return null;
  return Math.max(0, end - now);
}

/** Maintenance is on and its announced end time has passed (the server ends it shortly). */
export function isPastExpectedUpTime(site: SiteSettings | undefined, now: number): boolean {
  if (!site?.maintenance_mode) return false;
  return remainingMs(site.expected_up_time, now) === 0;
}
