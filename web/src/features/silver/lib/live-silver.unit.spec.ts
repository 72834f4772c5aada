import { describe, expect, it } from 'vitest';
import type { SilverHistoryResponse, SilverLatestResponse } from '@xsd/contracts/api/prices';
import { appendSilverTick, latestSilver } from './live-silver';

const latest: SilverLatestResponse = {
  price_per_gram: 1,
  timestamp: '2026-03-02T12:00:00.000Z',
  source: 'blockchain',
  current: 1,
  high24h: 1.05,
  low24h: 0.98,
  change24h: 0.02,
  changePercent: (0.02 / 0.98) * 100,
  lastUpdate: '2026-03-02T12:00:00.000Z',
  hasHistoricalData: true,
};

describe('latestSilver', () => {
  /** The server's body after a reading: its own 24 h stats. */
  const next: SilverLatestResponse = {
    ...latest,
    price_per_gram: 1.1,
    timestamp: '2026-03-02T12:00:30.000Z',
    current: 1.1,
    high24h: 1.1,
    low24h: 0.97,
    change24h: 0.09,
    changePercent: 8.91,
    lastUpdate: '2026-03-02T12:00:30.000Z',
  };
  it("holds the server's body as it came", () => {
    expect(latestSilver(latest, next)).toBe(next);
  });
  it('takes the first reading when none was held', () => {
    expect(latestSilver(undefined, next)).toBe(next);
  });
  it('keeps a newer body', () => {
    expect(latestSilver(next, latest)).toBe(next);
  });
});

describe('appendSilverTick', () => {
  it('appends under the 1D rules', () => {
    const history: SilverHistoryResponse = {
      days: 1,
      current: { price_per_gram: 1, timestamp: '2026-03-02T11:00:00.000Z' },
      points: [{ timestamp: '2026-03-02T11:00:00.000Z', price: 1 }],
    };
    const next = appendSilverTick(history, { ...latest, price_per_gram: 1.01, timestamp: '2026-03-02T11:30:00.000Z' });
    expect(next.points.map((p) => p.price)).toEqual([1, 1.01]);
    const merged = appendSilverTick(next, { ...latest, price_per_gram: 1.02, timestamp: '2026-03-02T11:32:00.000Z' });
    expect(merged.points.map((p) => p.price)).toEqual([1, 1.02]);
  });
});
