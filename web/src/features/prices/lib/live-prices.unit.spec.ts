import { describe, expect, it } from 'vitest';
import type { LatestPrice, PriceHistoryResponse } from '@xsd/contracts/api/prices';
import { appendHistoryTick, applyPriceTick, rebaseChange } from './live-prices';

const row = (over: Partial<LatestPrice> = {}): LatestPrice => ({
  token_name: 'XSD',
  chain_name: 'Base',
  price: 1.1,
  timestamp: '2026-03-02T12:00:00.000Z',
  change_24h: 10,
  status: 'active',
  maintenance_message: null,
  total_supply: null,
  ...over,
});
const tick = { token_name: 'XSD' as const, chain_name: 'Base' as const, price: 1.2, timestamp: '2026-03-02T12:00:30.000Z' };

describe('rebaseChange', () => {
  it('keeps the reference the old change implied', () => {
    expect(rebaseChange(1.1, 10, 1.2)).toBeCloseTo(20, 10);
    expect(rebaseChange(null, 10, 1.2)).toBeNull();
    expect(rebaseChange(1.1, null, 1.2)).toBeNull();
  });
});

describe('applyPriceTick', () => {
  it('updates the matching row with the new price, time and change', () => {
    const other = row({ token_name: 'BankX', price: 0.4 });
    const next = applyPriceTick({ items: [row(), other] }, tick);
    expect(next.items[0]).toMatchObject({ price: 1.2, timestamp: tick.timestamp, change_24h: expect.closeTo(20, 10) });
    expect(next.items[1]).toBe(other);
  });
  it('ignores an older reading and returns the same object when nothing changes', () => {
    const latest = { items: [row()] };
    expect(applyPriceTick(latest, { ...tick, timestamp: '2026-03-02T11:00:00.000Z' })).toBe(latest);
    expect(applyPriceTick(latest, { ...tick, chain_name: 'BSC' })).toBe(latest);
  });
});

describe('appendHistoryTick', () => {
  const history: PriceHistoryResponse = {
    token_name: 'XSD',
    chain_name: 'Base',
    days: 1,
    current: { price: 1.1, timestamp: '2026-03-02T11:50:00.000Z' },
    points: [
      { timestamp: '2026-03-01T11:00:00.000Z', price: 1 },
      { timestamp: '2026-03-02T11:50:00.000Z', price: 1.1 },
    ],
  };
  it('appends a point and drops those older than the range', () => {
    const next = appendHistoryTick(history, { ...tick, timestamp: '2026-03-02T12:00:00.000Z' });
    expect(next.points).toEqual([
      { timestamp: '2026-03-02T11:50:00.000Z', price: 1.1 },
      { timestamp: '2026-03-02T12:00:00.000Z', price: 1.2 },
    ]);
    expect(next.current).toEqual({ price: 1.2, timestamp: '2026-03-02T12:00:00.000Z' });
  });
  it('replaces the last point when the new one is within the merge gap', () => {
    const next = appendHistoryTick(history, { ...tick, timestamp: '2026-03-02T11:52:00.000Z' });
    expect(next.points.at(-1)).toEqual({ timestamp: '2026-03-02T11:52:00.000Z', price: 1.2 });
    expect(next.points).toHaveLength(1);
  });
  it('leaves other tokens and chains alone', () => {
    expect(appendHistoryTick(history, { ...tick, token_name: 'BankX' })).toBe(history);
  });
});
