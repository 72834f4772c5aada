import { DAY_MS, HOUR_MS, MINUTE_MS } from '@xsd/contracts/rules/time';

/** Windows up to this long snap to the minute, up to LONG_WINDOW_MS to the hour, longer ones to the (UTC) day. */
const SHORT_WINDOW_MS = DAY_MS;
const LONG_WINDOW_MS = 30 * DAY_MS;

export interface TimeWindow {
  readonly from: Date | null;
  readonly to: Date | null;
}

/**
 * The bucket a window's ends snap to, by the window's length: the minute up to a day, the hour up
 * to 30 days, the day beyond. Each is finer than the readings a chart of that length shows (a
 * day's 144 points are 10 minutes apart, a month's hourly candles, a year's daily ones).
 */
export function windowBucketMs(lengthMs: number): number {
  if (lengthMs <= SHORT_WINDOW_MS) return MINUTE_MS;
  if (lengthMs <= LONG_WINDOW_MS) return HOUR_MS;
  return DAY_MS;
}

/**
 * The window a cached answer covers for this one, so clients whose windows move with the clock
 * (from = now - 7 d, to = now) share one answer per bucket rather than one per millisecond:
 * `from` snaps down to its bucket's start, `to` (inclusive) up to its bucket's last millisecond;
 * a bound already on a boundary stays, and so does a `to` on a bucket's last millisecond (a bare
 * date's end of day). The answer thus covers at least the window asked for, and its `filters`
 * say the window it covers. The length is `to - from`, `now - from` without `to`, and zero
 * without `from` (the newest readings up to `to`: the finest bucket).
 */
export function bucketWindow<W extends TimeWindow>(window: W, now: number): W {
  const { from, to } = window;
  if (from === null && to === null) return window;
  const end = to?.getTime() ?? now;
  const unit = windowBucketMs(from === null ? 0 : Math.max(0, end - from.getTime()));
  return {
    ...window,
    from: from === null ? null : new Date(Math.floor(from.getTime() / unit) * unit),
    to: to === null ? null : new Date(bucketEnd(to.getTime(), unit)),
  };
}

function bucketEnd(at: number, unit: number): number {
  const start = Math.floor(at / unit) * unit;
  return at === start || at === start + unit - 1 ? at : start + unit - 1;
}
