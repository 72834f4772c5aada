import { createEvent, type AnyEvent, type ChainName, type TokenName } from '@xsd/contracts';
import { NO_SILVER_DATA_MESSAGE, type LatestPricesResponse } from '@xsd/contracts/api/prices';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

const NOW = Date.UTC(2026, 2, 2, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SYSTEM = { kind: 'system', id: 'test' } as const;
const iso = (ms: number) => new Date(ms).toISOString();

const priceTick = (chain: ChainName, token: TokenName, price: number, at: number, totalSupply?: number): AnyEvent =>
  createEvent('price.ticked', { chain, token, price, observedAt: iso(at), totalSupply }, { actor: SYSTEM, now: new Date(at) });
const silverTick = (pricePerGram: number, at: number): AnyEvent =>
  createEvent(
    'silver.ticked',
    { pricePerGram, pricePerOunce: pricePerGram * 31.1034768, observedAt: iso(at) },
    { actor: SYSTEM, now: new Date(at) },
  );

describe('the price routes', () => {
  let api: ApiTestApp;
  const get = (path: string) => request(api.app.getHttpServer()).get(path);
  const expectError = async (path: string, status: number, message: string | RegExp) => {
    const response = await get(path);
    expect(response.status, path).toBe(status);
    expect(response.body.error.message, path).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(typeof response.body.error.code).toBe('string');
  };

  beforeAll(async () => {
    api = await createApiTestApp({ clock: () => new Date(NOW) });
    const events: AnyEvent[] = [
      priceTick('Ethereum', 'XSD', 0.9, NOW - DAY - 10 * MINUTE),
      priceTick('Ethereum', 'XSD', 0.95, NOW - 23 * HOUR),
      // Every 30 s for the last two hours, ending at 0.99 half a minute ago.
      ...Array.from({ length: 240 }, (_, i) =>
        priceTick('Ethereum', 'XSD', i === 239 ? 0.99 : 0.98 + (i % 3) / 1000, NOW - 2 * HOUR + i * 30_000),
      ),
      priceTick('Ethereum', 'BankX', 0.42, NOW - MINUTE, 5_000_000.5),
      // Hourly for eight days, the last ten minutes ago, the supply growing by one token an hour.
      ...Array.from({ length: 8 * 24 }, (_, i) =>
        priceTick('BSC', 'XSD', 1 + i / 1000, NOW - 10 * MINUTE - (191 - i) * HOUR, 10_000 + i),
      ),
    ];
    await api.log.appendMany(events);
    await api.database.db
      .insertInto('chain_settings')
      .values([
        { chain_name: 'BSC', is_active: false, maintenance_message: 'Bridge upgrade until 14:00 UTC' },
        { chain_name: 'Polygon', is_active: false, maintenance_message: null },
        { chain_name: 'Base', is_active: true, maintenance_message: 'ignored while active' },
      ])
      .execute();
    await api.caughtUp();
  });

  afterAll(async () => {
    await api?.close();
  });

  describe('GET /api/prices/latest', () => {
    it('answers one row per token and active chain, XSD first, chains in display order', async () => {
      const response = await get('/api/prices/latest').expect(200);
      const body = response.body as LatestPricesResponse;
      expect(body.items.map((r) => `${r.token_name}/${r.chain_name}`)).toEqual(
        ['XSD', 'BankX'].flatMap((token) =>
          ['Ethereum', 'BSC', 'Arbitrum', 'Polygon', 'Optimism', 'Base', 'Avalanche'].map((chain) => `${token}/${chain}`),
        ),
      );
    });

    it('gives the newest price and the change against the reading closest to 24 h ago', async () => {
      const { items } = (await get('/api/prices/latest').expect(200)).body as LatestPricesResponse;
      const row = (token: string, chain: string) => items.find((r) => r.token_name === token && r.chain_name === chain)!;
      expect(row('XSD', 'Ethereum')).toEqual({
        token_name: 'XSD',
        chain_name: 'Ethereum',
        price: 0.99,
        timestamp: iso(NOW - 30_000),
        change_24h: expect.closeTo(10, 9),
        status: 'active',
        maintenance_message: null,
        total_supply: null,
      });
      // A single reading has nothing to compare with.
      expect(row('BankX', 'Ethereum')).toMatchObject({ price: 0.42, change_24h: null });
      // No reading yet.
      expect(row('XSD', 'Arbitrum')).toMatchObject({ price: null, timestamp: null, change_24h: null, status: 'active' });
      // Reference: the reading closest to NOW - 24 h, which is 1.024 at NOW - 24h10m.
      expect(row('XSD', 'BSC').change_24h).toBeCloseTo(((1.191 - 1.167) / 1.167) * 100, 9);
    });

    it('gives the latest total supply the ticks carried, null where none was read', async () => {
      const { items } = (await get('/api/prices/latest').expect(200)).body as LatestPricesResponse;
      const supply = (token: string, chain: string) =>
        items.find((r) => r.token_name === token && r.chain_name === chain)!.total_supply;
      expect(supply('BankX', 'Ethereum')).toBe(5_000_000.5);
      expect(supply('XSD', 'BSC')).toBe(10_191);
      // Ticks without a supply, and a chain without ticks.
      expect(supply('XSD', 'Ethereum')).toBeNull();
      expect(supply('XSD', 'Arbitrum')).toBeNull();
      expect(items.every((r) => r.total_supply === null || typeof r.total_supply === 'number')).toBe(true);
    });

    it('shows the chain status and staff message from chain_settings', async () => {
      const { items } = (await get('/api/prices/latest').expect(200)).body as LatestPricesResponse;
      const chain = (name: string) => items.find((r) => r.chain_name === name && r.token_name === 'BankX')!;
      expect(chain('BSC')).toMatchObject({ status: 'maintenance', maintenance_message: 'Bridge upgrade until 14:00 UTC' });
      expect(chain('Polygon')).toMatchObject({ status: 'maintenance', maintenance_message: null });
      expect(chain('Base')).toMatchObject({ status: 'active', maintenance_message: null });
    });
  });

  describe('GET /api/prices/history', () => {
    it("answers the spec's messages for bad input", async () => {
      for (const path of ['/api/prices/history', '/api/prices/history?token=XSD', '/api/prices/history?chain=BSC&days=7']) {
        await expectError(path, 400, 'Token name and chain name are required');
      }
      for (const days of ['0', '366', 'abc', '2.5', '-3']) {
        await expectError(`/api/prices/history?token=XSD&chain=BSC&days=${days}`, 400, 'Days must be between 1 and 365');
      }
      await expectError('/api/prices/history?token=DOGE&chain=BSC', 400, /^Unknown token 'DOGE'/);
      await expectError('/api/prices/history?token=XSD&chain=Solana', 400, /^Unknown network 'Solana'/);
    });

    it('merges one day of readings into points at least 5 minutes apart, newest last', async () => {
      const { body } = await get('/api/prices/history?token=xsd&chain=ethereum&days=1').expect(200);
      expect(body).toMatchObject({ token_name: 'XSD', chain_name: 'Ethereum', days: 1, current: { price: 0.99, timestamp: iso(NOW - 30_000) } });
      const points = body.points as { timestamp: string; price: number }[];
      // The reading 23 h ago, then 24 groups of 5 minutes from the last two hours.
      expect(points).toHaveLength(25);
      expect(points[0]).toEqual({ timestamp: iso(NOW - 23 * HOUR), price: 0.95 });
      expect(points.at(-1)).toEqual({ timestamp: iso(NOW - 30_000), price: 0.99 });
      for (let i = 2; i < points.length; i++) {
        expect(Date.parse(points[i].timestamp) - Date.parse(points[i - 1].timestamp)).toBeGreaterThanOrEqual(4.5 * MINUTE);
      }
    });

    it('draws longer windows from hourly candles, at most 24 points a day, with the current price appended', async () => {
      const { body } = await get('/api/prices/history?token=XSD&chain=BSC&days=7').expect(200);
      const points = body.points as { timestamp: string; price: number }[];
      expect(points).toHaveLength(168);
      expect(Date.parse(points[0].timestamp)).toBeGreaterThanOrEqual(NOW - 7 * DAY - HOUR);
      // The last candle starts at 11:00, over 30 minutes ago: the current price follows at NOW.
      expect(points.at(-2)).toEqual({ timestamp: iso(Date.UTC(2026, 2, 2, 11)), price: 1.191 });
      expect(points.at(-1)).toEqual({ timestamp: iso(NOW), price: 1.191 });
    });

    it('answers no points for a chain without readings', async () => {
      const { body } = await get('/api/prices/history?token=BankX&chain=Avalanche&days=30').expect(200);
      expect(body).toEqual({ token_name: 'BankX', chain_name: 'Avalanche', days: 30, current: null, points: [] });
    });
  });

  describe('silver', () => {
    it('answers 404 with the spec message while there is no reading', async () => {
      await expectError('/api/silver/latest', 404, NO_SILVER_DATA_MESSAGE);
      const { body } = await get('/api/silver/history').expect(200);
      expect(body).toEqual({ days: 1, current: null, points: [] });
    });

    it('gives the price per gram with 24 h high, low and change', async () => {
      await api.log.appendMany([
        silverTick(1.0, NOW - DAY - MINUTE),
        silverTick(1.1, NOW - 12 * HOUR),
        silverTick(0.97, NOW - 6 * HOUR),
        silverTick(1.04, NOW - 150_000),
        silverTick(1.05, NOW - 2 * MINUTE),
      ]);
      await api.caughtUp();
      const { body } = await get('/api/silver/latest').expect(200);
      expect(body).toEqual({
        price_per_gram: 1.05,
        timestamp: iso(NOW - 2 * MINUTE),
        source: 'blockchain',
        current: 1.05,
        high24h: 1.1,
        low24h: 0.97,
        change24h: expect.closeTo(0.05, 9),
        changePercent: expect.closeTo(5, 9),
        lastUpdate: iso(NOW - 2 * MINUTE),
        hasHistoricalData: true,
      });
    });

    it('gives the history by the silver chart rules, and checks days', async () => {
      const { body } = await get('/api/silver/history?days=1').expect(200);
      expect(body.current).toEqual({ price_per_gram: 1.05, timestamp: iso(NOW - 2 * MINUTE) });
      // 1.04 and 1.05 are 30 s apart: merged into the newest.
      expect(body.points).toEqual([
        { timestamp: iso(NOW - 12 * HOUR), price: 1.1 },
        { timestamp: iso(NOW - 6 * HOUR), price: 0.97 },
        { timestamp: iso(NOW - 2 * MINUTE), price: 1.05 },
      ]);
      const week = await get('/api/silver/history?days=7').expect(200);
      expect(week.body.points.map((p: { price: number }) => p.price)).toEqual([1, 1.1, 0.97, 1.05]);
      await expectError('/api/silver/history?days=abc', 400, 'Days must be between 1 and 365');
      await expectError('/api/silver/history?days=400', 400, 'Days must be between 1 and 365');
    });
  });

  describe('GET /api/v1/prices', () => {
    it('answers the newest 100 rows by default', async () => {
      const { body } = await get('/api/v1/prices').expect(200);
      expect(body.count).toBe(100);
      expect(body.limit).toBe(100);
      const times = (body.items as { timestamp: string }[]).map((r) => Date.parse(r.timestamp));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(body.items[0]).toMatchObject({ token_name: 'XSD', chain_name: 'Ethereum', price: 0.99, timestamp: iso(NOW - 30_000) });
      expect(body.filters).toEqual({ token: null, chain: null, from: null, to: null });
    });

    it('filters by token (XSD or BANKX), chain and time, up to the limit', async () => {
      const bankx = await get('/api/v1/prices?token=BANKX').expect(200);
      expect(bankx.body.items).toMatchObject([{ token_name: 'BankX', chain_name: 'Ethereum', price: 0.42, timestamp: iso(NOW - MINUTE) }]);
      const from = iso(NOW - 3 * HOUR - 10 * MINUTE);
      const to = iso(NOW - 10 * MINUTE);
      const bsc = await get(`/api/v1/prices?token=xsd&chain=bsc&from=${from}&to=${to}&limit=2`).expect(200);
      expect(bsc.body.items.map((r: { timestamp: string; price: number }) => [r.timestamp, r.price])).toEqual([
        [iso(NOW - 10 * MINUTE), 1.191],
        [iso(NOW - HOUR - 10 * MINUTE), 1.19],
      ]);
      expect(bsc.body.filters).toEqual({ token: 'XSD', chain: 'BSC', from, to });
      // 242 + 1 + 192 rows in all, fewer than the maximum of 1000.
      const max = await get('/api/v1/prices?limit=1000').expect(200);
      expect(max.body.count).toBe(435);
    });

    it('answers clear 400s', async () => {
      await expectError('/api/v1/prices?token=ETH', 400, "Unknown token 'ETH': expected XSD or BANKX");
      await expectError('/api/v1/prices?limit=0', 400, "'limit' must be a whole number from 1 to 1000");
      await expectError('/api/v1/prices?limit=1001', 400, "'limit' must be a whole number from 1 to 1000");
      await expectError('/api/v1/prices?chain=Solana', 400, /^Unknown network 'Solana'/);
      await expectError('/api/v1/prices?from=last-week', 400, /^'from' must be an ISO 8601 date/);
      await expectError('/api/v1/prices?from=2026-03-02&to=2026-03-01', 400, "'from' must not be after 'to'");
    });
  });

  it('lists every active chain in /api/health, unknown before an ingestor reports', async () => {
    const { body } = await get('/api/health');
    expect(body.chains.items).toHaveLength(7);
    expect(body.chains.items[0]).toMatchObject({ chain: 'Ethereum', status: 'unknown', lastPriceAt: iso(NOW - 30_000), stopped: false });
  });
});
