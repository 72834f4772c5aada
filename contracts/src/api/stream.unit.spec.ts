import { describe, expect, it } from 'vitest';
import { parseStreamEvent } from './stream.js';

/** A `GET /api/prices/latest` row, as the server sends it after a tick. */
const priceRow = {
  token_name: 'XSD',
  chain_name: 'BSC',
  price: 1.23,
  timestamp: '2025-06-01T00:00:00.000Z',
  change_24h: -1.5,
  status: 'active',
  maintenance_message: null,
  total_supply: 1_000_000,
};

/** A `GET /api/silver/latest` body. */
const silverLatest = {
  price_per_gram: 1.0412,
  timestamp: '2025-06-01T00:00:00.000Z',
  source: 'chainlink',
  current: 1.0412,
  high24h: 1.05,
  low24h: 1.01,
  change24h: 0.0112,
  changePercent: 1.09,
  lastUpdate: '2025-06-01T00:00:00.000Z',
  hasHistoricalData: true,
};

describe('parseStreamEvent', () => {
  it("reads a price event: the latest-prices row with the server's 24 h change and status", () => {
    expect(parseStreamEvent('price', JSON.stringify(priceRow))).toEqual({ type: 'price', data: priceRow });
    const inMaintenance = { ...priceRow, change_24h: null, status: 'maintenance', maintenance_message: 'Bridge upgrade', total_supply: null };
    expect(parseStreamEvent('price', JSON.stringify(inMaintenance))).toEqual({ type: 'price', data: inMaintenance });
  });

  it('lets through fields a newer server adds', () => {
    const data = { ...priceRow, market_value: 1_230_000 };
    expect(parseStreamEvent('price', JSON.stringify(data))).toEqual({ type: 'price', data });
  });

  it('rejects a price row without a positive price or with a missing or wrong field', () => {
    const bad = [
      { ...priceRow, price: 0 },
      { ...priceRow, price: null },
      { ...priceRow, timestamp: 'yesterday' },
      { ...priceRow, token_name: 'DOGE' },
      { ...priceRow, chain_name: 'Solana' },
      { ...priceRow, status: 'paused' },
      { ...priceRow, change_24h: '1.5' },
      { ...priceRow, maintenance_message: 3 },
      Object.fromEntries(Object.entries(priceRow).filter(([key]) => key !== 'change_24h')),
      // The old tick shape: no 24 h change, no status.
      { token_name: 'XSD', chain_name: 'BSC', price: 1.23, timestamp: '2025-06-01T00:00:00Z' },
    ];
    for (const data of bad) expect(parseStreamEvent('price', JSON.stringify(data)), JSON.stringify(data)).toBeNull();
  });

  it('reads a silver event: the silver latest body with its 24 h stats', () => {
    expect(parseStreamEvent('silver', JSON.stringify(silverLatest))).toEqual({ type: 'silver', data: silverLatest });
    const first = { ...silverLatest, change24h: null, changePercent: null, hasHistoricalData: false };
    expect(parseStreamEvent('silver', JSON.stringify(first))).toEqual({ type: 'silver', data: first });
  });

  it('rejects a silver body with a missing or wrong field', () => {
    const bad = [
      { ...silverLatest, price_per_gram: -1 },
      { ...silverLatest, high24h: null },
      { ...silverLatest, hasHistoricalData: 'yes' },
      { price_per_gram: 1.0412, timestamp: '2025-06-01T00:00:00Z' },
    ];
    for (const data of bad) expect(parseStreamEvent('silver', JSON.stringify(data)), JSON.stringify(data)).toBeNull();
  });

  it('treats an empty news or chain payload as a refetch signal', () => {
    expect(parseStreamEvent('news', '{}')).toEqual({ type: 'news', data: {} });
    expect(parseStreamEvent('chain', '')).toEqual({ type: 'chain', data: {} });
    expect(parseStreamEvent('calendar', '{}')).toEqual({ type: 'calendar', data: {} });
  });

  it('reads the site settings and rejects a partial object', () => {
    const site = {
      maintenance_mode: true,
      maintenance_title: null,
      maintenance_message: 'Back soon',
      expected_up_time: '2025-06-01T02:00:00Z',
      updated_at: '2025-06-01T00:00:00Z',
    };
    expect(parseStreamEvent('site', JSON.stringify(site))).toEqual({ type: 'site', data: site });
    expect(parseStreamEvent('site', '{"maintenance_title":"x"}')).toBeNull();
  });

  it('ignores unknown names, malformed JSON and non-objects', () => {
    expect(parseStreamEvent('ping', '{}')).toBeNull();
    expect(parseStreamEvent('news', '{oops')).toBeNull();
    expect(parseStreamEvent('news', '[1,2]')).toBeNull();
  });
});
