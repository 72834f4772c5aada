import { describe, expect, it } from 'vitest';
import type { SilverHistoryResponse, SilverLatestResponse } from '@xsd/contracts/api/prices';
import { appendSilverTick, applySilverTick } from './live-silver';

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

describe('applySilverTick', () => {
  it('moves current, high and low, and keeps the 24 h reference', () => {
    const next = applySilverTick(latest, { price_per_gram: 1.1, timestamp: '2026-03-02T12:00:30.000Z' });
    expect(next).toMatchObject({ current: 1.1, price_per_gram: 1.1, high24h: 1.1, low24h: 0.98, lastUpdate: '2026-03-02T12:00:30.000Z' });
    expect(next.change24h).toBeCloseTo(0.12, 10);
    expect(next.changePercent).toBeCloseTo((0.12 / 0.98) * 100, 10);
  });
  it('ignores older readings', () => {
    expect(applySilverTick(latest, { price_per_gram: 2, timestamp: '2026-03-02T11:00:00.000Z' })).toBe(latest);
  });
  it('keeps an unknown change unknown', () => {
    const next = applySilverTick({ ...latest, change24h: null, changePercent: null }, { price_per_gram: 0.9, timestamp: '2026-03-02T12:01:00.000Z' });
    expect(next).toMatchObject({ change24h: null, changePercent: null, low24h: 0.9 });
  });
});

describe('appendSilverTick', () => {
  it('appends under the 1D rules', () => {
    const history: SilverHistoryResponse = {
      days: 1,
      current: { price_per_gram: 1, timestamp: '2026-03-02T11:00:00.000Z' },
      points: [{ timestamp: '2026-03-02T11:00:00.000Z', price: 1 }],
    };
    const next = appendSilverTick(history, { price_per_gram: 1.01, timestamp: '2026-03-02T11:30:00.000Z' });
    expect(next.points.map((p) => p.price)).toEqual([1, 1.01]);
    const merged = appendSilverTick(next, { price_per_gram: 1.02, timestamp: '2026-03-02T11:32:00.000Z' });
    expect(merged.points.map((p) => p.price)).toEqual([1, 1.02]);
  });
});
