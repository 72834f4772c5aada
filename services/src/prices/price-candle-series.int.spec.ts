import { createEvent, type AnyEvent } from '@xsd/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiTestApp, createApiTestApp } from '../testing/api-test-app.js';
import { type CandleRun, PriceCandleSeries } from './price-candle-series.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 2, 20, 12, 0, 0);
const SYSTEM = { kind: 'system', id: 'test' } as const;
/** XSD on Ethereum, a reading every 45 minutes from `startMs` for `hours`, prices from `base` up. */
const ticks = (startMs: number, hours: number, base: number): AnyEvent[] =>
  Array.from({ length: Math.floor((hours * 60) / 45) }, (_, i) => {
    const at = startMs + i * 45 * 60_000;
    return createEvent('price.ticked', { chain: 'Ethereum', token: 'XSD', price: base + i / 1000, observedAt: new Date(at).toISOString() }, { actor: SYSTEM, now: new Date(at) });
  });

/** A run's candles as rows (NaN is the columns' null). */
function rowsOf({ columns, begin, end }: CandleRun) {
  const nullable = (value: number) => (Number.isNaN(value) ? null : value);
  return Array.from({ length: end - begin }, (_, k) => {
    const i = begin + k;
    return {
      start_ms: columns.starts[i],
      open: columns.opens[i],
      high: columns.highs[i],
      low: columns.lows[i],
      close: columns.closes[i],
      samples: columns.samples[i],
      close_block_number: nullable(columns.closeBlockNumbers[i]!),
      close_read_at_ms: nullable(columns.closeReadAtMs[i]!),
    };
  });
}

describe('PriceCandleSeries', () => {
  let api: ApiTestApp;

  beforeEach(async () => {
    api = await createApiTestApp({ clock: () => new Date(NOW) });
  });

  afterEach(async () => {
    await api.close();
  });

  /** The table itself, read the plain way: what a slice of the series must equal. */
  const candleRows = (bucket: '1h' | '1d') =>
    api.database.db
      .selectFrom('price_candles')
      .select(['bucket_start', 'open', 'high', 'low', 'close', 'samples', 'close_block_number', 'close_read_at'])
      .where('token_name', '=', 'XSD')
      .where('chain_name', '=', 'Ethereum')
      .where('bucket', '=', bucket)
      .orderBy('bucket_start', 'asc')
      .execute();

  it('answers any chart window as the candles table would, and reads again after a commit to price_candles', async () => {
    await api.log.appendMany(ticks(NOW - 100 * DAY, 100 * 24 - 2, 1));
    await api.caughtUp();
    const series = api.app.get(PriceCandleSeries);
    for (const [resolution, bucket, days] of [['hour', '1h', 2], ['hour', '1h', 30], ['hour', '1h', 90], ['day', '1d', 91], ['day', '1d', 365]] as const) {
      const from = new Date(NOW - days * DAY + 17 * 60_000);
      // The window starts at the bucket `from` falls in.
      const fromBucket = Math.floor(from.getTime() / (bucket === '1h' ? HOUR : DAY)) * (bucket === '1h' ? HOUR : DAY);
      const direct = (await candleRows(bucket)).filter((row) => row.bucket_start.getTime() >= fromBucket).map((row) => ({ price: row.close, timestamp: row.bucket_start.getTime() }));
      expect(direct.length, `${days} days`).toBeGreaterThan(0);
      expect(await series.since('XSD', 'Ethereum', resolution, from), `${days} days`).toEqual(direct);
    }

    // A new hour's reading: the next read of the series has its close.
    const before = await series.since('XSD', 'Ethereum', 'hour', new Date(NOW - DAY));
    await api.log.appendMany(ticks(NOW - 30 * 60_000, 1, 5));
    await api.caughtUp();
    const after = await series.since('XSD', 'Ethereum', 'hour', new Date(NOW - DAY));
    expect(after.at(-1)).toEqual({ price: 5, timestamp: NOW - HOUR });
    expect(after.at(-1)).not.toEqual(before.at(-1));
  });

  it('pages the newest `limit` candles starting in [from, to], oldest first, as the table holds them', async () => {
    await api.log.appendMany(ticks(NOW - 40 * DAY, 40 * 24 - 2, 1));
    await api.caughtUp();
    const series = api.app.get(PriceCandleSeries);
    for (const interval of ['1h', '1d'] as const) {
      const rows = (await candleRows(interval)).map((row) => ({
        start_ms: row.bucket_start.getTime(),
        open: row.open,
        high: row.high,
        low: row.low,
        close: row.close,
        samples: row.samples,
        close_block_number: row.close_block_number,
        close_read_at_ms: row.close_read_at?.getTime() ?? null,
      }));
      expect(rows.length, interval).toBeGreaterThan(30);
      const width = interval === '1h' ? HOUR : DAY;
      const first = rows[0]!.start_ms;
      const last = rows.at(-1)!.start_ms;
      const windows = [
        { from: null, to: null, limit: 1000 },
        { from: null, to: null, limit: 5 },
        // Bounds inside a bucket, and exactly on a bucket's start (inclusive at both ends).
        { from: new Date(first + 3 * width + 1), to: new Date(first + 20 * width - 1), limit: 1000 },
        { from: new Date(first + 3 * width), to: new Date(first + 20 * width), limit: 1000 },
        { from: new Date(first + 3 * width), to: new Date(first + 20 * width), limit: 4 },
        { from: null, to: new Date(first + 10 * width), limit: 1000 },
        { from: new Date(last - 2 * width), to: null, limit: 1000 },
        // Windows holding nothing: before the first candle, after the last, and reversed.
        { from: new Date(first - 10 * width), to: new Date(first - 1), limit: 1000 },
        { from: new Date(last + 1), to: null, limit: 1000 },
        { from: new Date(first + 20 * width), to: new Date(first + 3 * width), limit: 1000 },
      ];
      for (const window of windows) {
        const inWindow = rows.filter((row) => (window.from === null || row.start_ms >= window.from.getTime()) && (window.to === null || row.start_ms <= window.to.getTime()));
        const expected = inWindow.slice(Math.max(0, inWindow.length - window.limit));
        const page = await series.page({ token: 'XSD', chain: 'Ethereum', interval, ...window }, rowsOf);
        expect(page, `${interval} ${JSON.stringify(window)}`).toEqual(expected);
      }
    }
  });
});
