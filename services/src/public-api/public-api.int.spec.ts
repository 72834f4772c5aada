import { createEvent, type AnyEvent, type ChainName, type TokenName, MAINNET_NETWORKS } from '@xsd/contracts';
import { PublicCandlesResponseSchema, PublicPricesResponseSchema } from '@xsd/contracts/api/public-api-schemas';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCacheBudget } from '../read-cache/read-cache-budget.js';
import { DEFAULT_V1_RATE_LIMIT, tooManyRequestsMessage } from '../rate-limit/v1-rate-limit.js';
import { createApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

const NOW = Date.UTC(2026, 2, 2, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SYSTEM = { kind: 'system', id: 'test' } as const;
const iso = (ms: number) => new Date(ms).toISOString();

const tick = (chain: ChainName, token: TokenName, price: number, at: number, blockNumber: number | null): AnyEvent =>
  createEvent('price.ticked', { chain, token, price, observedAt: iso(at), blockNumber }, { actor: SYSTEM, now: new Date(at) });

const controllerOf = (chain: ChainName) => MAINNET_NETWORKS.find((n) => n.name === chain)!.priceController;

describe('the public API /api/v1', () => {
  let api: ApiTestApp;
  // Each test file's app has its own limiter; every client here is 127.0.0.1 unless a test says otherwise.
  const get = (path: string) => request(api.app.getHttpServer()).get(path);

  beforeAll(async () => {
    api = await createApiTestApp({ clock: () => new Date(NOW), http: { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] } });
    await api.log.appendMany([
      // Two hourly candles on Ethereum: 10:00 (three readings) and 11:00 (two), the last 90 s ago.
      tick('Ethereum', 'XSD', 1.0, NOW - 2 * HOUR + 5 * MINUTE, 100),
      tick('Ethereum', 'XSD', 1.2, NOW - 2 * HOUR + 20 * MINUTE, 101),
      tick('Ethereum', 'XSD', 0.9, NOW - 2 * HOUR + 40 * MINUTE, 102),
      tick('Ethereum', 'XSD', 0.95, NOW - HOUR + 10 * MINUTE, 110),
      tick('Ethereum', 'XSD', 0.97, NOW - 90_000, 120),
      // A reading recorded without a block number.
      tick('BSC', 'BankX', 0.42, NOW - 10 * MINUTE, null),
    ]);
    await api.caughtUp();
  });

  afterAll(async () => {
    await api?.close();
  });

  describe('GET /api/v1/prices', () => {
    it('gives every price its provenance: chain, price controller, block, read time and age at as_of', async () => {
      const { body } = await get('/api/v1/prices?limit=3').set('x-forwarded-for', '203.0.113.1').expect(200);
      expect(PublicPricesResponseSchema.parse(body)).toEqual(body);
      expect(body.as_of).toBe(iso(NOW));
      expect(body.items[0]).toEqual({
        token_name: 'XSD',
        chain_name: 'Ethereum',
        price: 0.97,
        timestamp: iso(NOW - 90_000),
        provenance: {
          chain_id: 1,
          chain_name: 'Ethereum',
          contract: controllerOf('Ethereum'),
          method: 'xsd_updated_price()',
          block_number: 120,
          read_at: iso(NOW - 90_000),
          age_seconds: 90,
        },
      });
      expect(body.items[1].provenance).toMatchObject({
        chain_id: 56,
        chain_name: 'BSC',
        contract: controllerOf('BSC'),
        method: 'bankx_updated_price()',
        block_number: null,
        age_seconds: 600,
      });
    });
  });

  describe('windows moving with the clock', () => {
    it('read one cached answer per bucket, which says the window it covers', async () => {
      const budget = api.app.get(ReadCacheBudget);
      const before = budget.entries;
      // A client asking for the last 7 days every 30 s, for 20 minutes: one hourly bucket, one answer.
      const asked = Array.from({ length: 40 }, (_, i) => NOW - 30 * MINUTE + i * 30_000 + 123);
      const bodies = [];
      for (const now of asked) {
        const path = `/api/v1/candles?token=XSD&chain=Ethereum&from=${iso(now - 7 * DAY)}&to=${iso(now)}`;
        const response = await get(path).set('x-forwarded-for', '203.0.113.4').expect(200);
        bodies.push(response.text);
      }
      expect(budget.entries).toBe(before + 1);
      expect(new Set(bodies).size).toBe(1);
      const body = JSON.parse(bodies[0]);
      expect(body.filters).toEqual({ token: 'XSD', chain: 'Ethereum', interval: '1h', from: iso(NOW - HOUR - 7 * DAY), to: iso(NOW - 1) });
      expect(body.items.map((c: { open_time: string }) => c.open_time)).toEqual([iso(NOW - 2 * HOUR), iso(NOW - HOUR)]);
      // The next hour's window is another answer.
      await get(`/api/v1/candles?token=XSD&chain=Ethereum&from=${iso(NOW + 5 * MINUTE - 7 * DAY)}&to=${iso(NOW + 5 * MINUTE)}`)
        .set('x-forwarded-for', '203.0.113.4')
        .expect(200);
      expect(budget.entries).toBe(before + 2);
    });
  });

  describe('GET /api/v1/candles', () => {
    it('answers hourly candles oldest first, the close carrying the provenance of its reading', async () => {
      const { body } = await get('/api/v1/candles?token=xsd&chain=ethereum').set('x-forwarded-for', '203.0.113.2').expect(200);
      expect(PublicCandlesResponseSchema.parse(body)).toEqual(body);
      expect(body.filters).toEqual({ token: 'XSD', chain: 'Ethereum', interval: '1h', from: null, to: null });
      expect(body.items).toEqual([
        {
          token_name: 'XSD',
          chain_name: 'Ethereum',
          interval: '1h',
          open_time: iso(NOW - 2 * HOUR),
          close_time: iso(NOW - HOUR),
          open: 1.0,
          high: 1.2,
          low: 0.9,
          close: 0.9,
          samples: 3,
          provenance: expect.objectContaining({ block_number: 102, read_at: iso(NOW - 2 * HOUR + 40 * MINUTE), age_seconds: 80 * 60 }),
        },
        expect.objectContaining({
          open_time: iso(NOW - HOUR),
          open: 0.95,
          close: 0.97,
          samples: 2,
          provenance: expect.objectContaining({ contract: controllerOf('Ethereum'), block_number: 120, age_seconds: 90 }),
        }),
      ]);
    });

    it('folds a day into one candle, and keeps to from, to and limit', async () => {
      const daily = await get('/api/v1/candles?token=XSD&chain=Ethereum&interval=1d').set('x-forwarded-for', '203.0.113.2').expect(200);
      expect(daily.body.items.map((c: { open_time: string; samples: number; high: number }) => [c.open_time, c.samples, c.high])).toEqual([
        [iso(Date.UTC(2026, 2, 2)), 5, 1.2],
      ]);
      const newest = await get('/api/v1/candles?token=XSD&chain=Ethereum&limit=1').set('x-forwarded-for', '203.0.113.2').expect(200);
      expect(newest.body.items.map((c: { open_time: string }) => c.open_time)).toEqual([iso(NOW - HOUR)]);
      const window = await get(`/api/v1/candles?token=XSD&chain=Ethereum&from=${iso(NOW - 2 * HOUR)}&to=${iso(NOW - 2 * HOUR)}`)
        .set('x-forwarded-for', '203.0.113.2')
        .expect(200);
      expect(window.body.count).toBe(1);
      const none = await get('/api/v1/candles?token=BANKX&chain=Avalanche').set('x-forwarded-for', '203.0.113.2').expect(200);
      expect(none.body.items).toEqual([]);
    });

    it('answers clear 400s', async () => {
      const cases: [string, string | RegExp][] = [
        ['/api/v1/candles?chain=BSC', "'token' is required: XSD or BANKX"],
        ['/api/v1/candles?token=XSD', /^'chain' is required: one of Ethereum, BSC/],
        ['/api/v1/candles?token=XSD&chain=BSC&interval=5m', "'interval' must be 1h or 1d"],
        ['/api/v1/candles?token=DOGE&chain=BSC', "Unknown token 'DOGE': expected XSD or BANKX"],
        ['/api/v1/candles?token=XSD&chain=BSC&limit=0', "'limit' must be a whole number from 1 to 1000"],
        ['/api/v1/candles?token=XSD&chain=BSC&from=2026-03-02&to=2026-03-01', "'from' must not be after 'to'"],
      ];
      for (const [path, message] of cases) {
        const response = await get(path).set('x-forwarded-for', '203.0.113.3').expect(400);
        expect(response.body, path).toEqual({ error: { code: 'invalid_query', message: typeof message === 'string' ? message : expect.stringMatching(message) } });
      }
    });
  });

  describe('rate limit', () => {
    it('counts each client across /api/v1/*, with RateLimit headers, then answers 429 with Retry-After', async () => {
      const client = '198.51.100.7';
      const { max, windowSeconds } = DEFAULT_V1_RATE_LIMIT;
      for (let i = 1; i <= max; i++) {
        const path = i % 2 ? '/api/v1/prices?limit=1' : '/api/v1/candles?token=XSD&chain=Ethereum';
        const response = await get(path).set('x-forwarded-for', client).expect(200);
        expect(response.headers['ratelimit-limit']).toBe(String(max));
        expect(response.headers['ratelimit-remaining']).toBe(String(max - i));
        expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
        expect(Number(response.headers['ratelimit-reset'])).toBeLessThanOrEqual(windowSeconds);
      }
      const refused = await get('/api/v1/prices').set('x-forwarded-for', client).expect(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      expect(refused.headers['content-type']).toMatch(/application\/json/);
      expect(refused.body).toEqual({ error: { code: 'too_many_requests', message: tooManyRequestsMessage(DEFAULT_V1_RATE_LIMIT, retryAfter) } });
      // Another client, and the rest of the API, are not held back.
      await get('/api/v1/prices?limit=1').set('x-forwarded-for', '198.51.100.8').expect(200);
      const latest = await get('/api/prices/latest').set('x-forwarded-for', client).expect(200);
      expect(latest.headers['ratelimit-limit']).toBeUndefined();
    });
  });
});
