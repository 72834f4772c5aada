import { sql } from 'kysely';
import { DEFAULT_RAW_PRICE_DAYS } from '../../config/config.js';
import { defineProjection, type Projection } from '../../projector/projection.js';
import { CANDLE_BUCKETS } from '../price-candles/candle-buckets.js';
import { HOURLY_KEPT_DAYS, type PriceRetention, pruneLimit } from '../retention.js';
import type { SilverRollupBucket } from './silver-rollups.table.js';

interface Rollup {
  bucket: SilverRollupBucket;
  bucket_start: Date;
  open: number;
  high: number;
  low: number;
  close: number;
  close_at: Date;
  samples: number;
}

const ROLLUP_BUCKETS: readonly SilverRollupBucket[] = ['1h', '1d'];

/**
 * silver_prices: one row per accepted silver feed reading, source 'blockchain', and its hourly and
 * daily rollups (silver_rollups) in the same transaction. A rollup's close is its newest reading by
 * read time, so it is what the newest reading of each hour in silver_prices was. Raw readings are
 * kept `rawPriceDays` and hourly rollups a year before the newest reading; daily rollups forever.
 */
export function silverPricesProjectionFor({ rawPriceDays }: PriceRetention): Projection {
  return defineProjection({
    name: 'silver_prices',
    handles: ['silver.ticked'],
    tables: ['silver_prices', 'silver_rollups'],
    loadIndexes: ['silver_prices_timestamp_idx'],
    async apply(trx, events) {
      await trx
        .insertInto('silver_prices')
        .values(
          events.map(({ event }) => ({
            id: event.id,
            event_id: event.id,
            price_per_gram: event.data.pricePerGram,
            price_per_ounce: event.data.pricePerOunce,
            round_id: event.data.roundId,
            timestamp: new Date(event.data.observedAt),
            source: 'blockchain',
            created_at: new Date(event.occurredAt),
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();

      const rollups = new Map<string, Rollup>();
      for (const { event } of events) {
        const at = new Date(event.data.observedAt);
        const price = event.data.pricePerGram;
        for (const bucket of ROLLUP_BUCKETS) {
          const width = CANDLE_BUCKETS[bucket];
          const start = new Date(Math.floor(at.getTime() / width) * width);
          const key = `${bucket}|${start.getTime()}`;
          const rollup = rollups.get(key);
          if (!rollup) {
            rollups.set(key, { bucket, bucket_start: start, open: price, high: price, low: price, close: price, close_at: at, samples: 1 });
            continue;
          }
          rollup.high = Math.max(rollup.high, price);
          rollup.low = Math.min(rollup.low, price);
          if (at >= rollup.close_at) {
            rollup.close = price;
            rollup.close_at = at;
          }
          rollup.samples += 1;
        }
      }
      await trx
        .insertInto('silver_rollups')
        .values([...rollups.values()])
        .onConflict((oc) =>
          oc.columns(['bucket', 'bucket_start']).doUpdateSet({
            high: sql`greatest(silver_rollups.high, excluded.high)`,
            low: sql`least(silver_rollups.low, excluded.low)`,
            close: sql`case when excluded.close_at >= silver_rollups.close_at then excluded.close else silver_rollups.close end`,
            close_at: sql`greatest(silver_rollups.close_at, excluded.close_at)`,
            samples: sql`silver_rollups.samples + excluded.samples`,
          }),
        )
        .execute();

      // Pruned after the newest reading (never the clock), a bounded number of rows per batch.
      const limit = pruneLimit(events.length);
      const newest = sql`(select max(timestamp) from silver_prices)`;
      await sql`
        delete from silver_prices where ctid = any(array(
          select ctid from silver_prices
          where timestamp < ${newest} - ${rawPriceDays}::float8 * interval '1 day'
          order by timestamp limit ${limit}::int))`.execute(trx);
      await sql`
        delete from silver_rollups where ctid = any(array(
          select ctid from silver_rollups
          where bucket = '1h' and bucket_start <= ${newest} - ${HOURLY_KEPT_DAYS * 86_400_000 + CANDLE_BUCKETS['1h']}::float8 * interval '1 millisecond'
          order by bucket_start limit ${limit}::int))`.execute(trx);
    },
  });
}

/** With the default retention: tests and benchmarks that do not configure one. */
export const silverPricesProjection = silverPricesProjectionFor({ rawPriceDays: DEFAULT_RAW_PRICE_DAYS });
