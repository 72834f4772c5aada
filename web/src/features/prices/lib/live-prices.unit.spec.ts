import { describe, expect, it } from 'vitest';
import type { LatestPrice, PriceHistoryResponse } from '@xsd/contracts/api/prices';
import type { PriceStreamData } from '@xsd/contracts/api/stream';
import { appendHistoryTick, applyPriceRow } from './live-prices';

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
/** The server's row after a tick: its own 24 h change and status, never re-derived here. */
const tick: PriceStreamData = {
  ...row({ change_24h: 7.25, status: 'maintenance', maintenance_message: 'Bridge upgrade' }),
  price: 1.2,
  timestamp: '2026-03-02T12:00:30.000Z',
};

describe('applyPriceRow', () => {
  it("puts the server's row in place of the held one, as it came", () => {
    const other = row({ token_name: 'BankX', price: 0.4 });
    const next = applyPriceRow({ items: [row(), other] }, tick);
    expect(next.items[0]).toBe(tick);
    expect(next.items[0]).toMatchObject({ price: 1.2, change_24h: 7.25, status: 'maintenance', maintenance_message: 'Bridge upgrade' });
    expect(next.items[1]).toBe(other);
  });
  it('fills a row that had no reading yet', () => {
    const next = applyPriceRow({ items: [row({ price: null, timestamp: null, change_24h: null })] }, tick);
    expect(next.items).toEqual([tick]);
  });
  it('keeps a newer row, and returns the same object when nothing changes', () => {
    const latest = { items: [row()] };
    expect(applyPriceRow(latest, { ...tick, timestamp: '2026-03-02T11:00:00.000Z' })).toBe(latest);
    expect(applyPriceRow(latest, { ...tick, chain_name: 'BSC' })).toBe(latest);
    const same = { items: [{ ...tick }] };
    expect(applyPriceRow(same, tick)).toBe(same);
  });
  it('takes a row of the same time whose status changed', () => {
    const held = row({ price: 1.2, timestamp: tick.timestamp, status: 'active' });
    expect(applyPriceRow({ items: [held] }, tick).items[0]).toBe(tick);
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
