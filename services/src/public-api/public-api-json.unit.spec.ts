import { type ChainName, MAINNET_NETWORKS, type NetworkConfig, type TokenName } from '@xsd/contracts';
import type { CandleInterval, PublicCandle, PublicPriceRow } from '@xsd/contracts/api/prices';
import { PublicCandlesResponseSchema, PublicPricesResponseSchema } from '@xsd/contracts/api/public-api-schemas';
import { describe, expect, it } from 'vitest';
import { CANDLE_BUCKETS } from '../read-models/price-candles/candle-buckets.js';
import type { CandleRun } from '../prices/price-candle-series.js';
import type { CandleReading } from '../read-models/price-candles/price-candles.repository.js';
import type { ReadingPage } from '../prices/price-reading-series.js';
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

/** A reading as the public API's SQL read it before the series held them. */
interface PriceReading {
  readonly token_name: TokenName;
  readonly chain_name: ChainName;
  readonly price: number;
  readonly block_number: number | null;
  readonly at_ms: number;
}

/** The readings as the series copies a page out: each row's pair and its columns (NaN for no block). */
function readingPage(readings: readonly PriceReading[], pairs: readonly [TokenName, ChainName][]): ReadingPage {
  return {
    pairs: pairs.map(([token, chain]) => ({ token, chain })),
    pair: Uint8Array.from(readings, (r) => pairs.findIndex(([token, chain]) => token === r.token_name && chain === r.chain_name)),
    atMs: Float64Array.from(readings, (r) => r.at_ms),
    prices: Float64Array.from(readings, (r) => r.price),
    blocks: Float64Array.from(readings, (r) => r.block_number ?? Number.NaN),
  };
}

/** The candles as columns, with a run of all but the first and last (a page is a slice of its pair's candles). */
function candleRun(candles: readonly CandleReading[]): CandleRun {
  const column = (value: (c: CandleReading) => number | null) => Float64Array.from([candles[0]!, ...candles, candles[0]!], (c) => value(c) ?? Number.NaN);
  return {
    columns: {
      starts: column((c) => c.start_ms),
      opens: column((c) => c.open),
      highs: column((c) => c.high),
      lows: column((c) => c.low),
      closes: column((c) => c.close),
      samples: column((c) => c.samples),
      closeBlockNumbers: column((c) => c.close_block_number),
      closeReadAtMs: column((c) => c.close_read_at_ms),
    },
    begin: 1,
    end: candles.length + 1,
  };
}

/** The page as the service built it before: its objects, the provenance of priceProvenance, then JSON.stringify. */
function pricesByObjects(readings: readonly PriceReading[], limit: number) {
  const asOf = new Date(AS_OF);
  const items = readings.map((reading): PublicPriceRow => {
    const token = reading.token_name;
    const chain = reading.chain_name;
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
    const prices = [0.812345, 1, 1e-7, 123456789.123, 0.1 + 0.2, Number.NaN, 0, 1e21, 2 ** 53 + 2, 1.5e-300];
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
    const text = new PublicApiJson(NETWORKS).prices(readingPage(readings, pairs), shell).bytes.toString();
    const expected = pricesByObjects(readings, 500);
    expect(text).toBe(JSON.stringify(expected));
    // A reading read after the answer was made (a clock step) is 0 s old, as before.
    expect(expected.items.some((item) => item.provenance.age_seconds === 0 && Date.parse(item.timestamp) > AS_OF)).toBe(true);
    expect(expected.items.some((item) => item.provenance.contract === null)).toBe(true);
    // NaN is JSON's null, which the schema refuses: a finite page is valid.
    const finite = readings.filter((reading) => Number.isFinite(reading.price));
    expect(PublicPricesResponseSchema.safeParse(JSON.parse(new PublicApiJson(NETWORKS).prices(readingPage(finite, pairs), shell).bytes.toString())).success).toBe(true);
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
      const text = new PublicApiJson(NETWORKS).candles(candleRun(candles), { token: 'BankX', chain: 'Polygon', interval }, shell).bytes.toString();
      expect(text, interval).toBe(JSON.stringify(candlesByObjects(candles, 'BankX', 'Polygon', interval)));
      expect(PublicCandlesResponseSchema.safeParse(JSON.parse(text)).success).toBe(true);
    }
  });

  it('writes an empty page', () => {
    const shell = { limit: 100, as_of_ms: AS_OF, filters: { token: null, chain: null, from: '2024-01-01T00:00:00.000Z', to: null } };
    expect(new PublicApiJson(NETWORKS).prices(readingPage([], []), shell).bytes.toString()).toBe(JSON.stringify(pricesByObjects([], 100)));
  });

  it('gives a page an ETag of what it is written from: the same for the same inputs, another when any differs', () => {
    const pairs: [TokenName, ChainName][] = [
      ['XSD', 'Ethereum'],
      ['BankX', 'BSC'],
    ];
    const readings: PriceReading[] = INSTANTS.map((at_ms, i) => ({ token_name: pairs[i % 2]![0], chain_name: pairs[i % 2]![1], price: 1 + i / 10, block_number: i, at_ms }));
    const shell = { limit: 500, as_of_ms: AS_OF, filters: { token: null, chain: null, from: null, to: null } };
    const etag = (rows: readonly PriceReading[], asOf = AS_OF) => new PublicApiJson(NETWORKS).prices(readingPage(rows, pairs), { ...shell, as_of_ms: asOf }).etag;
    expect(etag(readings)).toMatch(/^"[\w-]{27}"$/);
    expect(etag(readings)).toBe(etag(readings.map((r) => ({ ...r }))));
    const changed = [
      readings.map((r, i) => (i === 3 ? { ...r, price: r.price + 1e-12 } : r)),
      readings.map((r, i) => (i === 3 ? { ...r, block_number: null } : r)),
      readings.map((r, i) => (i === 3 ? { ...r, at_ms: r.at_ms + 1 } : r)),
      readings.map((r, i) => (i === 2 ? { ...r, token_name: pairs[1]![0], chain_name: pairs[1]![1] } : r)),
      readings.slice(1),
    ];
    const etags = new Set([etag(readings), etag(readings, AS_OF + 1000), ...changed.map((rows) => etag(rows))]);
    expect(etags.size).toBe(changed.length + 2);
    const run = candleRun(INSTANTS.map((at, i) => ({ start_ms: at, open: 1, high: 2, low: 0.5, close: 1.5, samples: i + 1, close_block_number: i, close_read_at_ms: at })));
    const candleEtag = (interval: '1h' | '1d', chain: ChainName) =>
      new PublicApiJson(NETWORKS).candles(run, { token: 'XSD', chain, interval }, { limit: 10, as_of_ms: AS_OF, filters: { token: 'XSD', chain, interval, from: null, to: null } }).etag;
    expect(new Set([candleEtag('1h', 'Ethereum'), candleEtag('1d', 'Ethereum'), candleEtag('1h', 'BSC')]).size).toBe(3);
    expect(candleEtag('1h', 'Ethereum')).toBe(candleEtag('1h', 'Ethereum'));
  });
});
