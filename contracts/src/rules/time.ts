/** Instants as the rules take them: an ISO 8601 string, a Date or epoch milliseconds. */
export type Instant = string | number | Date;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export function toMillis(instant: Instant): number {
  if (typeof instant === 'number') return instant;
  return instant instanceof Date ? instant.getTime() : Date.parse(instant);
}

/** The last instant toISOString writes with a four-digit year (9999-12-31T23:59:59.999Z). */
const LAST_FOUR_DIGIT_MS = 253_402_300_799_999;
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
/** The day (since the epoch) whose "YYYY-MM-DDT" is `dayPrefix`: a chart's instants mostly share one with the last. */
let prefixDay = Number.NaN;
let dayPrefix = '';

/**
 * `new Date(ms).toISOString()`, four times quicker: a chart answer writes up to thousands of
 * instants, and toISOString was half its time. Throws as toISOString does on an invalid instant.
 */
export function isoString(ms: number): string {
  const at = Math.trunc(ms);
  if (!(at >= 0 && at <= LAST_FOUR_DIGIT_MS)) return new Date(at).toISOString();
  const day = Math.floor(at / DAY_MS);
  if (day !== prefixDay) {
    dayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    prefixDay = day;
  }
  const inDay = at - day * DAY_MS;
  const seconds = Math.floor(inDay / 1000);
  return `${dayPrefix}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}.${THREE_DIGITS[inDay % 1000]}Z`;
}
