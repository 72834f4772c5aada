import { Inject, Injectable } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import type { PublicCandlesQuery } from '@xsd/contracts/api/prices-query';
import { HOURLY_POINTS_MAX_DAYS, MAX_HISTORY_DAYS } from '@xsd/contracts/rules/chart-points';
import { DAY_MS } from '@xsd/contracts/rules/time';
import { CLOCK, type Clock } from '../core/clock.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { bucketStart } from '../read-models/price-candles/candle-buckets.js';
import { type CandleColumns, PriceCandlesRepository } from '../read-models/price-candles/price-candles.repository.js';
import type { PriceRow } from '../read-models/price-history/price-history.repository.js';
import { HotValue } from '../read-cache/hot-value.js';
import { ROLLUP } from './chart-window.js';
import { lowerBound } from './lower-bound.js';

/** The longest window each rollup draws (chartResolution): a chart's series holds that much, every shorter window is a slice. */
const SPAN_DAYS = { '1h': HOURLY_POINTS_MAX_DAYS, '1d': MAX_HISTORY_DAYS } as const;

/**
 * Candles [begin, end) of a token and chain's columns, oldest first. A series' columns are never
 * changed once read (a reread makes new ones), so a run stays what it was when taken.
 */
export interface CandleRun {
  readonly columns: CandleColumns;
  readonly begin: number;
  readonly end: number;
}

interface Closes {
  /** Bucket starts (epoch ms) and closes, oldest first. */
  readonly starts: Float64Array;
  readonly closes: Float64Array;
}

/**
 * Each token and chain's hourly and daily candles held as typed arrays, each a HotValue read again
 * after a commit to price_candles (a tick), so a window is a slice instead of a query:
 * - for the charts, the closes of the span they show (hours over 90 days, 35 kB; days over a
 *   year): with 14 pairs and 365 `days` values the history route has 5,110 answers, and each
 *   used to read its closes itself;
 * - for /api/v1/candles, every candle the table keeps (hours a year, 560 kB a pair; days for
 *   ever): its windows are any two instants, and a page of 1,000 rows read from PostgreSQL held
 *   the route to a few hundred new pages a second. Kept apart from the charts' closes because a
 *   year of hours is read again in about 20 ms, against 5 for the charts' 90 days.
 */
@Injectable()
export class PriceCandleSeries {
  private readonly closeSeries = new Map<string, HotValue<Closes>>();
  private readonly candleSeries = new Map<string, HotValue<CandleColumns>>();

  constructor(
    private readonly candles: PriceCandlesRepository,
    private readonly progress: ProjectionProgress,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The closes of the hours or days since the one `from` falls in, at their start, oldest first (chart windows). */
  async since(token: TokenName, chain: ChainName, resolution: keyof typeof ROLLUP, from: Date): Promise<PriceRow[]> {
    const bucket = ROLLUP[resolution];
    const { starts, closes } = await this.held(this.closeSeries, token, chain, bucket, async () => {
      const rows = await this.candles.closes(token, chain, bucket, new Date(this.clock().getTime() - SPAN_DAYS[bucket] * DAY_MS));
      return { starts: Float64Array.from(rows, (row) => row.timestamp.getTime()), closes: Float64Array.from(rows, (row) => row.price) };
    });
    const first = lowerBound(starts, bucketStart(from, bucket).getTime());
    const rows: PriceRow[] = new Array(starts.length - first);
    for (let i = first; i < starts.length; i++) rows[i - first] = { price: closes[i], timestamp: new Date(starts[i]) };
    return rows;
  }

  /** The public API's page: the newest `limit` candles starting in [from, to], oldest first. */
  async page({ token, chain, interval, from, to, limit }: PublicCandlesQuery): Promise<CandleRun> {
    const columns = await this.held(this.candleSeries, token, chain, interval, () => this.candles.columns(token, chain, interval));
    const { starts } = columns;
    const end = to === null ? starts.length : lowerBound(starts, to.getTime() + 1);
    const begin = Math.min(end, Math.max(from === null ? 0 : lowerBound(starts, from.getTime()), end - limit));
    return { columns, begin, end };
  }

  private held<V>(series: Map<string, HotValue<V>>, token: TokenName, chain: ChainName, bucket: '1h' | '1d', load: () => Promise<V>): Promise<V> {
    const key = `${token}|${chain}|${bucket}`;
    let value = series.get(key);
    if (value === undefined) {
      // Only a commit changes the candles (retention included: the projection prunes them; the
      // charts' span moving with the clock drops a close no window shows), so a series has no
      // age limit and is never timed against the clock.
      value = new HotValue(this.progress, { tables: ['price_candles'], maxAgeMs: Number.POSITIVE_INFINITY, load });
      series.set(key, value);
    }
    return value.get();
  }
}
