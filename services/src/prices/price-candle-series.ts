import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import type { PublicCandlesQuery } from '@xsd/contracts/api/prices-query';
import type { TimedPrice } from '@xsd/contracts/rules/price-change';
import { DAY_MS } from '@xsd/contracts/rules/time';
import { ProjectionProgress } from '../core/projection-progress.js';
import { SyncedSeries } from '../read-cache/synced-series.js';
import { bucketStart, CANDLE_BUCKETS } from '../read-models/price-candles/candle-buckets.js';
import { CANDLE_SPAN_COLUMNS, type CandleColumns, PriceCandlesRepository } from '../read-models/price-candles/price-candles.repository.js';
import { PRICE_PAIRS } from '../read-models/retention.js';
import { ROLLUP } from './chart-window.js';
import { LATE_READING_MS } from './price-reading-series.js';

type Width = '1h' | '1d';

interface CandleKey {
  readonly token: TokenName;
  readonly chain: ChainName;
  readonly bucket: Width;
}

/** Every token, chain and width, each key once (the series' map holds keys by identity). */
const KEYS: readonly CandleKey[] = (['1h', '1d'] as const).flatMap((bucket) => PRICE_PAIRS.map(({ token, chain }) => ({ token, chain, bucket })));
const KEY_OF = new Map(KEYS.map((key) => [`${key.token}|${key.chain}|${key.bucket}`, key]));

/**
 * A page of candles [begin, end) of its columns, oldest first: the series' own columns, which a
 * later sync changes, so read before the next await.
 */
export interface CandleRun {
  readonly columns: CandleColumns;
  readonly begin: number;
  readonly end: number;
}

/**
 * Each token and chain's hourly and daily candles (every one the table keeps: hours a year, 560 kB
 * a pair, days for ever) held as typed columns in step with price_candles (SyncedSeries), so a
 * window is a slice instead of a query: the charts' closes (with 14 pairs and 365 `days` values
 * the history route has 5,110 answers, and each read its closes itself) and /api/v1/candles pages
 * (any two instants; a page of 1,000 rows read from PostgreSQL held the route to a few hundred new
 * pages a second). Each tick changes the newest candles only: reading a year of hours again at
 * every commit took 17-31 ms a pair.
 */
@Injectable()
export class PriceCandleSeries implements OnModuleDestroy {
  private readonly series: SyncedSeries<CandleKey>;

  constructor(candles: PriceCandlesRepository, progress: ProjectionProgress) {
    this.series = new SyncedSeries(progress, {
      projection: 'price_candles',
      keys: KEYS,
      bounds: (keys) => candles.candleBounds(keys),
      read: (spans) => candles.candleSpans(spans.map(({ key, fromMs, toMs }) => ({ ...key, fromMs, toMs }))),
      columns: CANDLE_SPAN_COLUMNS,
      rereadMs: (key) => CANDLE_BUCKETS[key.bucket] + LATE_READING_MS,
      // A year of hours is 8,760 candles: a quarter (2,160) at a time; days, ten years.
      loadSpanMs: (key) => (key.bucket === '1h' ? 90 : 3_650) * DAY_MS,
    });
  }

  onModuleDestroy(): void {
    this.series.close();
  }

  /** The closes of the hours or days since the one `from` falls in, at their start (epoch ms), oldest first (chart windows). */
  async since(token: TokenName, chain: ChainName, resolution: keyof typeof ROLLUP, from: Date): Promise<TimedPrice[]> {
    const bucket = ROLLUP[resolution];
    const [held] = await this.series.get([keyOf(token, chain, bucket)]);
    const [starts, , , , closes] = held.columns;
    const first = held.at(bucketStart(from, bucket).getTime());
    const rows: TimedPrice[] = new Array(held.end - first);
    for (let i = first; i < held.end; i++) rows[i - first] = { price: closes[i], timestamp: starts[i] };
    return rows;
  }

  /**
   * The public API's page, the newest `limit` candles starting in [from, to], oldest first, given
   * to `write` as soon as they are in step: written from the held columns, not a copy of them (a
   * page's 64 kB, a thousand times a second under varied windows).
   */
  async page<T>({ token, chain, interval, from, to, limit }: PublicCandlesQuery, write: (run: CandleRun) => T): Promise<T> {
    const [held] = await this.series.get([keyOf(token, chain, interval)]);
    const end = to === null ? held.end : held.at(to.getTime() + 1);
    const begin = Math.min(end, Math.max(from === null ? held.start : held.at(from.getTime()), end - limit));
    const [starts, opens, highs, lows, closes, samples, closeBlockNumbers, closeReadAtMs] = held.columns;
    return write({ columns: { starts, opens, highs, lows, closes, samples, closeBlockNumbers, closeReadAtMs }, begin, end });
  }
}

function keyOf(token: TokenName, chain: ChainName, bucket: Width): CandleKey {
  return KEY_OF.get(`${token}|${chain}|${bucket}`)!;
}
