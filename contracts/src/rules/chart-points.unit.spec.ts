import { describe, expect, it } from 'vitest';
import {
  buildChartPoints,
  chartPointLimit,
  chartResolution,
  limitPoints,
  mergeClosePoints,
  SILVER_MERGE_MS,
  silverChartRules,
  tokenChartRules,
} from './chart-points.js';
import { MINUTE_MS } from './time.js';

const t0 = Date.parse('2026-03-02T00:00:00.000Z');
const point = (minutes: number, price: number) => ({ timestamp: new Date(t0 + minutes * MINUTE_MS).toISOString(), price });

describe('chart rules', () => {
  it('limits points to 144 for one day, else 24 per day', () => {
    expect(chartPointLimit(1)).toBe(144);
    expect(chartPointLimit(7)).toBe(168);
    expect(chartPointLimit(30)).toBe(720);
    expect(chartPointLimit(365)).toBe(8760);
  });

  it('draws a day from every reading, up to 90 days (the longest screen range) from hourly closes, longer windows from daily closes', () => {
    expect([1, 2, 30, 90, 91, 365].map(chartResolution)).toEqual(['reading', 'hour', 'hour', 'hour', 'day', 'day']);
  });

  it('merges token points within 5 min for a day and 15 min beyond; adds a current point after 5 or 30 min', () => {
    expect(tokenChartRules(1)).toEqual({ mergeGapMs: 5 * MINUTE_MS, currentPointAfterMs: 5 * MINUTE_MS, pointLimit: 144 });
    expect(tokenChartRules(7)).toEqual({ mergeGapMs: 15 * MINUTE_MS, currentPointAfterMs: 30 * MINUTE_MS, pointLimit: 168 });
  });

  it('dedupes silver within 5 min for a day and an hour beyond; adds a current point after 10 min or 2 hours', () => {
    expect(silverChartRules(1)).toEqual({ mergeGapMs: 5 * MINUTE_MS, currentPointAfterMs: 10 * MINUTE_MS, pointLimit: 144 });
    expect(silverChartRules(90)).toEqual({ mergeGapMs: 60 * MINUTE_MS, currentPointAfterMs: 120 * MINUTE_MS, pointLimit: 2160 });
    expect(SILVER_MERGE_MS).toBe(60_000);
  });
});

describe('mergeClosePoints', () => {
  it('lets a point close to the last kept one replace it, so the newest of a burst wins', () => {
    const merged = mergeClosePoints([point(0, 1), point(2, 2), point(4, 3), point(10, 4), point(20, 5)], 5 * MINUTE_MS);
    expect(merged.map((p) => p.price)).toEqual([3, 4, 5]);
  });

  it('turns a steady stream into one point per gap, not into a single point', () => {
    const stream = Array.from({ length: 120 }, (_, i) => point(i / 2, 1 + i / 1000)); // every 30 s for an hour
    const merged = mergeClosePoints(stream, 5 * MINUTE_MS);
    expect(merged).toHaveLength(12);
    expect(merged[0]).toEqual(point(4.5, 1.009));
    expect(merged.at(-1)).toEqual(stream.at(-1));
  });

  it('sorts, and drops non-numbers and prices at or below 0', () => {
    const merged = mergeClosePoints([point(30, 3), point(0, Number.NaN), point(10, 0), point(20, 2)], MINUTE_MS);
    expect(merged.map((p) => p.price)).toEqual([2, 3]);
  });
});

describe('limitPoints', () => {
  it('keeps exactly the limit, evenly spread, with the oldest and the newest point', () => {
    const points = Array.from({ length: 1000 }, (_, i) => point(i, i + 1));
    const limited = limitPoints(points, 144);
    expect(limited).toHaveLength(144);
    expect(limited[0]).toEqual(points[0]);
    expect(limited.at(-1)).toEqual(points.at(-1));
    const gaps = limited.slice(1).map((p, i) => Date.parse(p.timestamp) - Date.parse(limited[i].timestamp));
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(MINUTE_MS);
  });

  it('leaves short series alone', () => {
    const points = [point(0, 1), point(1, 2)];
    expect(limitPoints(points, 144)).toEqual(points);
  });
});

describe('buildChartPoints', () => {
  const rules = tokenChartRules(1);

  it('appends the current price at now when the last point is older than the rule allows', () => {
    const now = t0 + 20 * MINUTE_MS;
    const points = buildChartPoints([point(0, 1), point(10, 2)], { rules, now, current: 2.5 });
    expect(points).toEqual([point(0, 1), point(10, 2), point(20, 2.5)]);
  });

  it('appends nothing when the last point is recent', () => {
    const now = t0 + 14 * MINUTE_MS;
    expect(buildChartPoints([point(0, 1), point(10, 2)], { rules, now, current: 2 })).toEqual([point(0, 1), point(10, 2)]);
  });

  it('shows a single point at the current price when there is no history', () => {
    expect(buildChartPoints([], { rules, now: t0, current: 1.5 })).toEqual([point(0, 1.5)]);
    expect(buildChartPoints([], { rules, now: t0, current: null })).toEqual([]);
    expect(buildChartPoints([], { rules, now: t0, current: 0 })).toEqual([]);
  });

  it('merges silver readings within 60 s first', () => {
    const seconds = (s: number, price: number) => ({ timestamp: new Date(t0 + s * 1000).toISOString(), price });
    const points = buildChartPoints([seconds(0, 1), seconds(30, 2), seconds(400, 3)], {
      rules: silverChartRules(1),
      now: t0 + 400_000,
      current: 3,
      preMergeMs: SILVER_MERGE_MS,
    });
    expect(points.map((p) => p.price)).toEqual([2, 3]);
  });
});

describe('the point limit with a current point', () => {
  it('keeps the newest reading next to the appended current price', () => {
    const hourly = Array.from({ length: 200 }, (_, i) => point(i * 60, 1 + i / 100));
    const now = t0 + 199 * 60 * MINUTE_MS + 45 * MINUTE_MS;
    const points = buildChartPoints(hourly, { rules: tokenChartRules(7), now, current: 9 });
    expect(points).toHaveLength(168);
    expect(points.at(-2)).toEqual(hourly.at(-1));
    expect(points.at(-1)).toEqual({ timestamp: new Date(now).toISOString(), price: 9 });
  });
});
