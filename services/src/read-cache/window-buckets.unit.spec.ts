import { describe, expect, it } from 'vitest';
import { bucketWindow, windowBucketMs } from './window-buckets.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 2, 2, 12, 34, 56, 789);
const at = (ms: number) => new Date(ms);
const window = (from: number | null, to: number | null) => ({ from: from === null ? null : at(from), to: to === null ? null : at(to), limit: 100 });
const key = (w: { from: Date | null; to: Date | null }) => `${w.from?.toISOString()}|${w.to?.toISOString()}`;

describe('bucketWindow', () => {
  it('snaps by length: the minute up to a day, the hour up to 30 days, the day beyond', () => {
    expect([windowBucketMs(0), windowBucketMs(DAY), windowBucketMs(DAY + 1), windowBucketMs(30 * DAY), windowBucketMs(30 * DAY + 1)]).toEqual([
      MINUTE,
      MINUTE,
      HOUR,
      HOUR,
      DAY,
    ]);
  });

  it('gives windows moving with the clock inside their bucket the same key, and covers each one', () => {
    // A 7-day window asked every 30 s for half an hour: one hour bucket.
    const asked = Array.from({ length: 60 }, (_, i) => Date.UTC(2026, 2, 2, 12, 0, 1) + i * 30_000).map((now) => window(now - 7 * DAY, now));
    const keys = new Set(asked.map((w) => key(bucketWindow(w, NOW))));
    expect(keys.size).toBe(1);
    const bucketed = bucketWindow(asked[0], NOW);
    expect(bucketed.from).toEqual(at(Date.UTC(2026, 1, 23, 12)));
    expect(bucketed.to).toEqual(at(Date.UTC(2026, 2, 2, 13) - 1));
    expect(bucketed.limit).toBe(100);
    for (const w of asked) {
      expect(bucketed.from!.getTime()).toBeLessThanOrEqual(w.from!.getTime());
      expect(bucketed.to!.getTime()).toBeGreaterThanOrEqual(w.to!.getTime());
    }
    // The next hour is another answer.
    expect(key(bucketWindow(window(NOW + HOUR - 7 * DAY, NOW + HOUR), NOW))).not.toBe(key(bucketed));
  });

  it('snaps a year to whole days and a few hours to the minute', () => {
    expect(bucketWindow(window(NOW - 365 * DAY, NOW), NOW)).toMatchObject({
      from: at(Date.UTC(2025, 2, 2)),
      to: at(Date.UTC(2026, 2, 3) - 1),
    });
    expect(bucketWindow(window(NOW - 3 * HOUR, NOW), NOW)).toMatchObject({
      from: at(Date.UTC(2026, 2, 2, 9, 34)),
      to: at(Date.UTC(2026, 2, 2, 12, 35) - 1),
    });
  });

  it('keeps bounds already on a boundary, a bare date end of day, and open ends', () => {
    const aligned = window(Date.UTC(2026, 2, 1, 9, 0), Date.UTC(2026, 2, 2, 11, 0));
    expect(bucketWindow(aligned, NOW)).toEqual(aligned);
    const wholeDays = window(Date.UTC(2026, 1, 1), Date.UTC(2026, 2, 1) + DAY - 1);
    expect(bucketWindow(wholeDays, NOW)).toEqual(wholeDays);
    const open = window(null, null);
    expect(bucketWindow(open, NOW)).toBe(open);
    // From alone: its length runs to now (about 2 days: the hour).
    expect(bucketWindow(window(NOW - 2 * DAY, null), NOW)).toEqual(window(Date.UTC(2026, 1, 28, 12), null));
    // To alone: the newest readings up to it, to the minute.
    expect(bucketWindow(window(null, NOW - 365 * DAY), NOW)).toEqual(window(null, Date.UTC(2025, 2, 2, 12, 35) - 1));
  });
});
