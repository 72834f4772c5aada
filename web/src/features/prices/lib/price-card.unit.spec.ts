import { describe, expect, it } from 'vitest';
import type { LatestPrice } from '@xsd/contracts/api/prices';
import { chartPointsFor, comingSoonChains, explorerTokenUrl, highLow, rowSupply } from './price-card';

const row: LatestPrice = {
  token_name: 'XSD',
  chain_name: 'BSC',
  price: 1.02,
  timestamp: '2026-03-02T12:00:00.000Z',
  change_24h: 0.5,
  status: 'active',
  maintenance_message: null,
  total_supply: null,
};

describe('price card rules', () => {
  it('reads a supply only when the API sends a usable one', () => {
    expect(rowSupply(row)).toBeNull();
    expect(rowSupply({ ...row, total_supply: 5_000 } as LatestPrice)).toBe(5_000);
    expect(rowSupply({ ...row, total_supply: 'x' } as unknown as LatestPrice)).toBeNull();
  });
  it('draws the history, or one point at the current price when it failed', () => {
    const points = [{ timestamp: '2026-03-02T11:00:00.000Z', price: 1 }];
    expect(chartPointsFor(row, { points }, false, 0)).toEqual(points);
    expect(chartPointsFor(row, undefined, true, 0)).toEqual([{ timestamp: row.timestamp, price: 1.02 }]);
    expect(chartPointsFor(row, undefined, false, 0)).toEqual([]);
    expect(chartPointsFor({ ...row, price: 0 }, undefined, true, 0)).toEqual([]);
  });
  it('gives high and low of the drawn points', () => {
    expect(highLow([{ timestamp: 'a', price: 1 }, { timestamp: 'b', price: 3 }])).toEqual({ high: 3, low: 1 });
    expect(highLow([])).toBeNull();
  });
  it('links known contracts to the explorer and lists the coming-soon chains', () => {
    expect(explorerTokenUrl('BSC', 'XSD')).toBe('https://bscscan.com/token/0x39400E67820c88A9D67F4F9c1fbf86f3D688e9F6');
    expect(explorerTokenUrl('Pulsechain', 'XSD')).toBeNull();
    expect(comingSoonChains()).toEqual(['Pulsechain']);
  });
});
