import { describe, expect, it } from 'vitest';
import {
  BUILDING_HISTORY_BADGE,
  dataQuality,
  historyBadge,
  LIMITED_HISTORY_BADGE,
  movingAverageSeries,
  rangePosition,
  rangeVariation,
  silverChartLabelEvery,
  silverChartTickCount,
  silverSummary,
  trendLineSeries,
  trendStats,
  volatilityLabel,
  volatilityWord,
} from './silver-analysis.js';
import { classifyTrend } from './trend.js';

const t0 = Date.parse('2026-03-01T00:00:00Z');
const HOUR = 3_600_000;
const series = (prices: number[], stepMs = HOUR) =>
  prices.map((price, i) => ({ timestamp: new Date(t0 + i * stepMs).toISOString(), price }));

describe('trendStats', () => {
  it('gives high, low, change, volatility, trend and moving average', () => {
    const stats = trendStats(series([1, 1.02, 0.99, 1.03, 1.05]))!;
    expect(stats.high).toBe(1.05);
    expect(stats.low).toBe(0.99);
    expect(stats.change).toBeCloseTo(0.05, 10);
    expect(stats.changePercent).toBeCloseTo(5, 10);
    expect(stats.trend).toBe('up');
    expect(stats.movingAverage).toBeCloseTo((1 + 1.02 + 0.99 + 1.03 + 1.05) / 5, 10);
    expect(stats.volatility).toBeGreaterThan(1);
    expect(stats.volatility).toBeLessThan(3);
  });
  it('has no change with one point and no moving average under 5 points', () => {
    const stats = trendStats(series([1.2]))!;
    expect(stats).toMatchObject({ high: 1.2, low: 1.2, change: null, changePercent: null, trend: 'neutral', movingAverage: null, volatility: 0 });
    expect(trendStats([])).toBeNull();
  });
  it('ignores prices at or below 0', () => {
    expect(trendStats(series([0, 1, 1.1]))!.low).toBe(1);
  });
});

describe('classifyTrend', () => {
  it('is up above 1 %, down below -1 %, else neutral', () => {
    expect([1.01, 1, -1, -1.01, null].map((c) => classifyTrend(c))).toEqual(['up', 'neutral', 'neutral', 'down', 'neutral']);
  });
});

describe('chart lines', () => {
  it('averages the last up to 5 points, only with at least 5', () => {
    expect(movingAverageSeries(series([1, 2, 3, 4]))).toEqual([]);
    const ma = movingAverageSeries(series([1, 2, 3, 4, 5, 6]));
    expect(ma.map((p) => p.price)).toEqual([1, 1.5, 2, 2.5, 3, 4]);
  });
  it('fits a straight line through the points', () => {
    const line = trendLineSeries(series([1, 2, 3]));
    expect(line.map((p) => p.price)).toEqual([1, 2, 3].map((v) => expect.closeTo(v, 10)));
    expect(trendLineSeries(series([1]))).toEqual([]);
  });
  it('uses 12 ticks for 1D, 8 up to 7D, 10 beyond, and every third label over 30 days', () => {
    expect([1, 7, 30, 90].map(silverChartTickCount)).toEqual([12, 8, 10, 10]);
    expect([1, 7, 30, 90].map(silverChartLabelEvery)).toEqual([1, 1, 1, 3]);
  });
});

describe('labels', () => {
  it('labels volatility under 1 % Low, under 3 % Moderate, else High', () => {
    expect([0.5, 1, 2.99, 3].map(volatilityLabel)).toEqual(['Low', 'Moderate', 'Moderate', 'High']);
    expect([0.5, 1.5, 3.5].map(volatilityWord)).toEqual(['low', 'moderate', 'high']);
  });
  it('rates data quality by point count', () => {
    expect([0, 1, 5, 6, 10, 11].map(dataQuality)).toEqual(['No Data', 'Limited', 'Limited', 'Good', 'Good', 'Excellent']);
  });
  it('measures range variation and the position in the range', () => {
    expect(rangeVariation(1.1, 1)).toBeCloseTo(10, 10);
    expect(rangePosition(1.05, 1, 1.1)).toBeCloseTo(50, 10);
    expect(rangePosition(2, 1, 1.1)).toBe(100);
    expect(rangePosition(1, 1, 1)).toBe(50);
  });
  it('badges thin history', () => {
    const now = t0 + 20 * HOUR;
    expect(historyBadge(series([1, 1, 1]), 1, now)).toBe(LIMITED_HISTORY_BADGE);
    expect(historyBadge(series([1, 1, 1, 1, 1, 1, 1]), 1, now)).toBe(BUILDING_HISTORY_BADGE);
    expect(historyBadge(series(Array.from({ length: 24 }, () => 1)), 1, t0 + 23 * HOUR)).toBeNull();
    expect(historyBadge([], 1, now)).toBeNull();
  });
});

describe('silverSummary', () => {
  it('describes each range in one sentence', () => {
    const stats = trendStats(series([1, 1.02, 0.99, 1.03, 1.05]));
    expect(silverSummary(1, stats, 1.05)).toBe('In the last 24 hours silver rose +5.00% (+$0.0500) and trades at $1.0500 per gram.');
    expect(silverSummary(7, stats, 1.05)).toContain('Over the past week silver rose +5.00%');
    expect(silverSummary(30, stats, 1.05)).toContain('with moderate volatility');
    expect(silverSummary(90, stats, 1.05)).toContain('the trend is up');
  });
  it('says when there is not enough data', () => {
    expect(silverSummary(7, trendStats(series([1])), 1)).toBe(
      'Over the past week there is not enough silver price data yet to describe the move.',
    );
  });
});
