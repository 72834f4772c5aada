import { type ChainName, MAINNET_NETWORKS, type NetworkConfig, type TokenName } from '@xsd/contracts';
import type { CandleInterval, PublicCandle, PublicPriceRow } from '@xsd/contracts/api/prices';
import { PublicCandlesResponseSchema, PublicPricesResponseSchema } from '@xsd/contracts/api/public-api-schemas';
import { describe, expect, it } from 'vitest';
import { CANDLE_BUCKETS } from '../read-models/price-candles/candle-buckets.js';
import type { CandleReading } from '../read-models/price-candles/price-candles.repository.js';
import type { PriceReading } from '../read-models/price-history/price-history.repository.js';
import { priceProvenance } from './price-provenance.js';
import { PublicApiJson } from './public-api-json.js';

// Pulsechain has no price controller in the table: its provenance's contract is null.
const NETWORKS: ReadonlyMap<ChainName, NetworkConfig> = new Map(MAINNET_NETWORKS.map((network) => [network.name, network]));
const AS_OF = Date.parse('2026-03-02T00:00:00.250Z');

/** Instants a page holds: around midnight, the turn of a second, the epoch, a leap day, a millisecond's edges, an age's edge. */
const INSTANTS = [
  '2026-03-01T23:59:59.999Z',
  '2026-03-02T00:00:00.000Z',
  '2026-03-01T12:34:56.007Z',
  '2024-02-29T09:05:03.090Z',
  '1970-01-01T00:00:00.001Z',
  '2026-03-02T00:00:01.000Z',
  // Whole seconds before the answer: its age is exactly 10 s.
  '2026-03-01T23:59:50.250Z',
].map((text) => Date.parse(text));

/** The page as the service built it before: its objects, the provenance of priceProvenance, then JSON.stringify. */
function pricesByObjects(readings: readonly PriceReading[], limit: number) {
  const asOf = new Date(AS_OF);
  const items = readings.map((reading): PublicPriceRow => {
    const token = reading.token_name as TokenName;
    const chain = reading.chain_name as ChainName;
    const readAt = new Date(reading.at_ms);
    return {
      token_name: token,
      chain_name: chain,
      price: reading.price,
      timestamp: readAt.toISOString(),
      provenance: priceProvenance(NETWORKS, { token, chain, readAt, blockNumber: reading.block_number }, asOf),
    };
  });
  return { items, count: items.length, limit, as_of: asOf.toISOString(), filters: { token: null, chain: null, from: '2024-01-01T00:00:00.000Z', to: null } };
}

function candlesByObjects(candles: readonly CandleReading[], token: TokenName, chain: ChainName, interval: CandleInterval) {
  const asOf = new Date(AS_OF);
  const items = candles.map((candle): PublicCandle => {
    const closeTime = new Date(candle.start_ms + CANDLE_BUCKETS[interval]);
    const readAt = candle.close_read_at_ms === null ? closeTime : new Date(candle.close_read_at_ms);
    return {
      token_name: token,
      chain_name: chain,
      interval,
      open_time: new Date(candle.start_ms).toISOString(),
      close_time: closeTime.toISOString(),
      open: candle.open,
      high: candle.high,
      low: candle.low,
      close: candle.close,
      samples: candle.samples,
      provenance: priceProvenance(NETWORKS, { token, chain, readAt, blockNumber: candle.close_block_number }, asOf),
    };
  });
  return { items, count: items.length, limit: 1000, as_of: asOf.toISOString(), filters: { token, chain, interval, from: null, to: '2026-03-02T00:00:00.000Z' } };
}

describe('PublicApiJson', () => {
  it('writes a prices page byte for byte as JSON.stringify of its objects', () => {
    const pairs: [TokenName, ChainName][] = [
      ['XSD', 'Ethereum'],
      ['BankX', 'BSC'],
      ['XSD', 'Pulsechain'],
    ];
    const prices = [0.812345, 1, 1e-7, 123456789.123, 0.1 + 0.2, Number.NaN];
    const readings: PriceReading[] = INSTANTS.flatMap((at_ms, i) =>
      pairs.map(([token, chain], j) => ({
        token_name: token,
        chain_name: chain,
        price: prices[(i + j) % prices.length]!,
        block_number: j === 1 ? null : 21_000_000 + i,
        at_ms,
      })),
    );
    const shell = { limit: 500, as_of_ms: AS_OF, filters: { token: null, chain: null, from: '2024-01-01T00:00:00.000Z', to: null } };
    const text = new PublicApiJson(NETWORKS).prices(readings, shell).text;
    const expected = pricesByObjects(readings, 500);
    expect(text).toBe(JSON.stringify(expected));
    // A reading read after the answer was made (a clock step) is 0 s old, as before.
    expect(expected.items.some((item) => item.provenance.age_seconds === 0 && Date.parse(item.timestamp) > AS_OF)).toBe(true);
    expect(expected.items.some((item) => item.provenance.contract === null)).toBe(true);
    // NaN is JSON's null, which the schema refuses: a finite page is valid.
    const finite = readings.filter((reading) => Number.isFinite(reading.price));
    expect(PublicPricesResponseSchema.safeParse(JSON.parse(new PublicApiJson(NETWORKS).prices(finite, shell).text)).success).toBe(true);
  });

  it('writes a candles page byte for byte as JSON.stringify of its objects', () => {
    for (const interval of ['1h', '1d'] as const) {
      const candles: CandleReading[] = INSTANTS.map((at, i) => {
        const start_ms = Math.floor(at / CANDLE_BUCKETS[interval]) * CANDLE_BUCKETS[interval];
        return {
          start_ms,
          open: 0.8,
          high: 0.9 + i / 1000,
          low: 0.7,
          close: 0.85,
          samples: 120 + i,
          close_block_number: i % 2 ? null : 19_999_000 + i,
          // Candles projected before closes kept their provenance have no read time: the candle's end stands in.
          close_read_at_ms: i % 3 === 0 ? null : start_ms + 1234,
        };
      });
      const shell = { limit: 1000, as_of_ms: AS_OF, filters: { token: 'BankX' as const, chain: 'Polygon' as const, interval, from: null, to: '2026-03-02T00:00:00.000Z' } };
      const text = new PublicApiJson(NETWORKS).candles(candles, { token: 'BankX', chain: 'Polygon', interval }, shell).text;
      expect(text, interval).toBe(JSON.stringify(candlesByObjects(candles, 'BankX', 'Polygon', interval)));
      expect(PublicCandlesResponseSchema.safeParse(JSON.parse(text)).success).toBe(true);
    }
  });

  it('writes an empty page', () => {
    const shell = { limit: 100, as_of_ms: AS_OF, filters: { token: null, chain: null, from: '2024-01-01T00:00:00.000Z', to: null } };
    expect(new PublicApiJson(NETWORKS).prices([], shell).text).toBe(JSON.stringify(pricesByObjects([], 100)));
  });
});
