import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { TimedPrice } from '@xsd/contracts/rules/price-change';
import { DAY_MS } from '@xsd/contracts/rules/time';
import { ProjectionProgress } from '../core/projection-progress.js';
import { LATE_READING_MS } from '../prices/price-reading-series.js';
import { SyncedSeries } from '../read-cache/synced-series.js';
import { bucketStart, CANDLE_BUCKETS } from '../read-models/price-candles/candle-buckets.js';
import { SILVER_ROLLUP_SPAN_COLUMNS, SilverPricesRepository } from '../read-models/silver-prices/silver-prices.repository.js';
import type { SilverRollupBucket } from '../read-models/silver-prices/silver-rollups.table.js';

const BUCKETS: readonly SilverRollupBucket[] = ['1h', '1d'];

/**
 * Silver's hourly and daily rollups (every one the table keeps: hours a year, 210 kB; days for
 * ever) held as typed columns in step with silver_rollups (SyncedSeries), so a chart window beyond
 * a day is a slice instead of a query. Silver history and peg health have an answer per `days`
 * value: read from PostgreSQL, each of the peg's 365 answers took a query of up to 2,160 rows
 * parsed as objects, and the newest reading another.
 */
@Injectable()
export class SilverRollupSeries implements OnModuleDestroy {
  private readonly series: SyncedSeries<SilverRollupBucket>;

  constructor(silver: SilverPricesRepository, progress: ProjectionProgress) {
    this.series = new SyncedSeries(progress, {
      projection: 'silver_prices',
      keys: BUCKETS,
      bounds: (buckets) => silver.rollupBounds(buckets),
      read: (spans) => silver.rollupSpans(spans.map(({ key, fromMs, toMs }) => ({ bucket: key, fromMs, toMs }))),
      columns: SILVER_ROLLUP_SPAN_COLUMNS,
      rereadMs: (bucket) => CANDLE_BUCKETS[bucket] + LATE_READING_MS,
      // A year of hours is 8,760 rollups: a quarter at a time; days, ten years.
      loadSpanMs: (bucket) => (bucket === '1h' ? 90 : 3_650) * DAY_MS,
    });
  }

  onModuleDestroy(): void {
    this.series.close();
  }

  /**
   * The newest reading of each hour or day since `from`, oldest first (long windows): the rollups'
   * closes. Each is at its reading's time (epoch ms), or with `at: 'bucket'` at its bucket's start,
   * as price candles' closes are (so the two series line up).
   */
  async closes(bucket: SilverRollupBucket, from: Date, at: 'reading' | 'bucket' = 'reading'): Promise<TimedPrice[]> {
    const [held] = await this.series.get([bucket]);
    const [starts, closes, closeAts] = held.columns;
    const fromMs = from.getTime();
    const rows: TimedPrice[] = [];
    for (let i = held.at(bucketStart(from, bucket).getTime()); i < held.end; i++) {
      // Only the first bucket can close before `from`: `from` falls inside it.
      if (closeAts[i] >= fromMs) rows.push({ price: closes[i], timestamp: at === 'reading' ? closeAts[i] : starts[i] });
    }
    return rows;
  }

  /** The newest silver reading (its price and time, epoch ms): the newest hour's close, written with it. Null while there is none. */
  async latest(): Promise<{ readonly price: number; readonly timestamp: number } | null> {
    const [hours] = await this.series.get(['1h']);
    if (hours.end === hours.start) return null;
    const [, closes, closeAts] = hours.columns;
    return { price: closes[hours.end - 1], timestamp: closeAts[hours.end - 1] };
  }
}
