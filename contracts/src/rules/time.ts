/** Instants as the rules take them: an ISO 8601 string, a Date or epoch milliseconds. */
export type Instant = string | number | Date;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export function toMillis(instant: Instant): number {
  return typeof instant === 'number' ? instant : new Date(instant).getTime();
}
