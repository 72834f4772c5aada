import { createEvent, type AnyEvent, type ChainName } from '@xsd/contracts';
import type { PegHealthResponse } from '@xsd/contracts/api/peg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

const NOW = Date.UTC(2026, 2, 2, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SYSTEM = { kind: 'system', id: 'test' } as const;
const iso = (ms: number) => new Date(ms).toISOString();

const xsdTick = (chain: ChainName, price: number, at: number): AnyEvent =>
  createEvent('price.ticked', { chain, token: 'XSD', price, observedAt: iso(at) }, { actor: SYSTEM, now: new Date(at) });
const silverTick = (pricePerGram: number, at: number): AnyEvent =>
  createEvent('silver.ticked', { pricePerGram, pricePerOunce: pricePerGram * 31.1034768, observedAt: iso(at) }, { actor: SYSTEM, now: new Date(at) });

describe('GET /api/prices/peg', () => {
  let api: ApiTestApp;
  const get = (path: string) => request(api.app.getHttpServer()).get(path);

  beforeAll(async () => {
    api = await createApiTestApp({ clock: () => new Date(NOW) });
    await api.log.appendMany([
      silverTick(1, NOW - 3 * HOUR),
      // Ethereum: on peg for 2 h, then 3 % over for the last hour (no two readings at one instant:
      // the ingestor reads a pair once a slot, and their order would be the events' random ids').
      xsdTick('Ethereum', 1.002, NOW - 3 * HOUR),
      ...Array.from({ length: 11 }, (_, i) => xsdTick('Ethereum', 1.002, NOW - 3 * HOUR + (i + 1) * 10 * MINUTE)),
      ...Array.from({ length: 6 }, (_, i) => xsdTick('Ethereum', 1.03, NOW - HOUR + i * 10 * MINUTE)),
      xsdTick('Ethereum', 1.03, NOW - 5 * MINUTE),
      // BSC: 8 % under, then a reading no peg could explain (a data problem, in no band).
      xsdTick('BSC', 0.92, NOW - 20 * MINUTE),
      xsdTick('BSC', 0.3, NOW - 10 * MINUTE),
    ]);
    await api.caughtUp();
  });

  afterAll(async () => {
    await api?.close();
  });

  it('answers each active chain with its deviation, tier and time in each band', async () => {
    const response = await get('/api/prices/peg?days=1').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const body = response.body as PegHealthResponse;
    expect(body.days).toBe(1);
    expect(body.silver_price).toBe(1);
    expect(body.chains.map((c) => c.chain_name)).toEqual(['Ethereum', 'BSC', 'Arbitrum', 'Polygon', 'Optimism', 'Base', 'Avalanche']);
    const [ethereum, bsc, arbitrum] = body.chains;
    expect(ethereum.current).toBeCloseTo(3, 10);
    expect(ethereum.tier).toBe('warning');
    expect(ethereum.measured_ms).toBe(3 * HOUR);
    expect(ethereum.shares.good).toBeCloseTo(2 / 3, 10);
    expect(ethereum.shares.warning).toBeCloseTo(1 / 3, 10);
    expect(ethereum.shares.error).toBe(0);
    expect(ethereum.points).toHaveLength(19);
    expect(bsc.tier).toBeNull();
    expect(bsc.worst).toBeCloseTo(-8, 10);
    expect(bsc.shares).toEqual({ good: 0, warning: 0, error: 1 });
    expect(bsc.measured_ms).toBe(10 * MINUTE);
    expect(arbitrum).toEqual({
      chain_name: 'Arbitrum',
      current: null,
      tier: null,
      worst: null,
      shares: { good: 0, warning: 0, error: 0 },
      measured_ms: 0,
      points: [],
    });
  });

  it('reads longer windows from the hourly candles', async () => {
    const body = (await get('/api/prices/peg?days=7').expect(200)).body as PegHealthResponse;
    const ethereum = body.chains[0];
    expect(body.days).toBe(7);
    // One close per hour: 09:00 to 11:00 on the hour buckets.
    expect(ethereum.points.length).toBe(3);
    expect(ethereum.current).toBeCloseTo(3, 10);
  });

  it('answers 304 for the ETag it sent', async () => {
    const first = await get('/api/prices/peg?days=1').expect(200);
    await get('/api/prices/peg?days=1').set('if-none-match', first.headers.etag as string).expect(304);
  });

  it.each(['0', '366', 'x', '1.5'])('refuses days=%s with the spec message', async (days) => {
    const { body } = await get(`/api/prices/peg?days=${days}`).expect(400);
    expect(body).toEqual({ error: { code: 'invalid_query', message: 'Days must be between 1 and 365' } });
  });
});
