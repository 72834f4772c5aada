import { describe, expect, it } from 'vitest';
import { change24h, closestPoint, percentChange } from './price-change.js';
import { silverStats } from './silver-stats.js';

const now = '2026-03-02T12:00:00.000Z';
const at = (iso: string, price: number) => ({ timestamp: iso, price });

describe('percentChange', () => {
  it('is the percent from the reference to the current price', () => {
    expect(percentChange(2, 2.5)).toBe(25);
    expect(percentChange(2, 1)).toBe(-50);
  });

  it('is null without a reference or with one at or below 0', () => {
    expect(percentChange(null, 1)).toBeNull();
    expect(percentChange(undefined, 1)).toBeNull();
    expect(percentChange(0, 1)).toBeNull();
    expect(percentChange(-1, 1)).toBeNull();
  });
});

describe('closestPoint', () => {
  it('picks the point nearest the target, the older one on a tie', () => {
    const points = [at('2026-03-01T11:00:00Z', 1), at('2026-03-01T12:30:00Z', 2), at('2026-03-01T13:00:00Z', 3)];
    expect(closestPoint(points, '2026-03-01T12:00:00Z')?.price).toBe(2);
    const tie = [at('2026-03-01T12:10:00Z', 5), at('2026-03-01T11:50:00Z', 4)];
    expect(closestPoint(tie, '2026-03-01T12:00:00Z')?.price).toBe(4);
    expect(closestPoint([], now)).toBeNull();
  });
});

describe('change24h', () => {
  const current = at('2026-03-02T11:59:30Z', 1.1);

  it('compares with the reading closest to 24 hours ago', () => {
    const history = [at('2026-03-01T10:00:00Z', 0.5), at('2026-03-01T12:01:00Z', 1), at('2026-03-02T06:00:00Z', 2)];
    expect(change24h(current, history, now)).toBeCloseTo(10, 10);
  });

  it('is null when the only reading is the current one', () => {
    expect(change24h(current, [current], now)).toBeNull();
  });

  it('is null when the reference is not above 0', () => {
    expect(change24h(current, [at('2026-03-01T12:00:00Z', 0)], now)).toBeNull();
  });

  it('falls back to the closest reading there is when history is younger than a day', () => {
    expect(change24h(current, [at('2026-03-02T11:00:00Z', 1)], now)).toBeCloseTo(10, 10);
  });
});

describe('silverStats', () => {
  it('gives high, low and change over 24 hours', () => {
    const current = at('2026-03-02T11:59:00Z', 1.05);
    const window = [at('2026-03-01T13:00:00Z', 0.98), at('2026-03-02T01:00:00Z', 1.2), current];
    const candidates = [at('2026-03-01T11:55:00Z', 1), at('2026-03-01T13:00:00Z', 0.98)];
    const stats = silverStats(current, window, candidates, now);
    expect(stats).toEqual({
      current: 1.05,
      high24h: 1.2,
      low24h: 0.98,
      change24h: expect.closeTo(0.05, 10),
      changePercent: expect.closeTo(5, 10),
      lastUpdate: '2026-03-02T11:59:00.000Z',
      hasHistoricalData: true,
    });
  });

  it('says there is no history with a single reading', () => {
    const current = at('2026-03-02T11:59:00Z', 1.05);
    expect(silverStats(current, [current], [current], now)).toEqual({
      current: 1.05,
      high24h: 1.05,
      low24h: 1.05,
      change24h: null,
      changePercent: null,
      lastUpdate: '2026-03-02T11:59:00.000Z',
      hasHistoricalData: false,
    });
  });

  it('uses the current reading for high and low when it is older than a day', () => {
    const current = at('2026-02-20T00:00:00Z', 0.9);
    const stats = silverStats(current, [], [at('2026-02-19T00:00:00Z', 1)], now);
    expect([stats.high24h, stats.low24h]).toEqual([0.9, 0.9]);
    expect(stats.changePercent).toBeCloseTo(-10, 10);
  });
});
