import { Inject, Injectable } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import { HOURLY_POINTS_MAX_DAYS, MAX_HISTORY_DAYS } from '@xsd/contracts/rules/chart-points';
import { DAY_MS } from '@xsd/contracts/rules/time';
import { CLOCK, type Clock } from '../core/clock.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { bucketStart } from '../read-models/price-candles/candle-buckets.js';
import { PriceCandlesRepository } from '../read-models/price-candles/price-candles.repository.js';
import type { PriceRow } from '../read-models/price-history/price-history.repository.js';
import { HotValue } from '../read-cache/hot-value.js';
import { ROLLUP } from './chart-window.js';

/** The longest window each rollup draws (chartResolution): its series holds that much, every shorter window is a slice. */
const SPAN_DAYS = { '1h': HOURLY_POINTS_MAX_DAYS, '1d': MAX_HISTORY_DAYS } as const;

interface Series {
  /** Bucket starts (epoch ms) and closes, oldest first. */
  readonly starts: Float64Array;
  readonly closes: Float64Array;
}

/**
 * Each token and chain's hourly closes over 90 days and daily closes over a year, as two typed
 * arrays apiece (35 kB for the hourly series), each a HotValue read again after a commit to
 * price_candles (a tick). A chart window is a slice of one: with 14 pairs and 365 `days` values
 * the history route has 5,110 answers, and each used to read its closes itself.
 */
@Injectable()
export class PriceCloseSeries {
  private readonly series = new Map<string, HotValue<Series>>();

  constructor(
    private readonly candles: PriceCandlesRepository,
    private readonly progress: ProjectionProgress,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The closes of the hours or days since the one `from` falls in, at their start, oldest first. */
  async since(token: TokenName, chain: ChainName, resolution: keyof typeof ROLLUP, from: Date): Promise<PriceRow[]> {
    const bucket = ROLLUP[resolution];
    const { starts, closes } = await this.current(token, chain, bucket);
    const first = lowerBound(starts, bucketStart(from, bucket).getTime());
    const rows: PriceRow[] = new Array(starts.length - first);
    for (let i = first; i < starts.length; i++) rows[i - first] = { price: closes[i], timestamp: new Date(starts[i]) };
    return rows;
  }

  private current(token: TokenName, chain: ChainName, bucket: '1h' | '1d'): Promise<Series> {
    const key = `${token}|${chain}|${bucket}`;
    let series = this.series.get(key);
    if (series === undefined) {
      // Only a commit changes the closes (the span's start moving with the clock drops a close no
      // window shows), so a series has no age limit and is never timed against the clock.
      series = new HotValue(this.progress, { tables: ['price_candles'], maxAgeMs: Number.POSITIVE_INFINITY, load: () => this.read(token, chain, bucket) });
      this.series.set(key, series);
    }
    return series.get();
  }

  private async read(token: TokenName, chain: ChainName, bucket: '1h' | '1d'): Promise<Series> {
    const rows = await this.candles.closes(token, chain, bucket, new Date(this.clock().getTime() - SPAN_DAYS[bucket] * DAY_MS));
    return { starts: Float64Array.from(rows, (row) => row.timestamp.getTime()), closes: Float64Array.from(rows, (row) => row.price) };
  }
}

/** The first index whose value is at least `value` (values ascending). */
function lowerBound(values: Float64Array, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
