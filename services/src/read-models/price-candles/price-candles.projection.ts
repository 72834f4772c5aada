import type { ChainName, TokenName } from '@xsd/contracts';
import { sql } from 'kysely';
import { defineProjection } from '../../projector/projection.js';
import { FIVE_MINUTE_KEPT_DAYS, HOURLY_KEPT_DAYS, pricePairs, pruneLimit } from '../retention.js';
import { bucketStart, CANDLE_BUCKETS, type CandleBucket } from './candle-buckets.js';

interface Candle {
  token_name: TokenName;
  chain_name: ChainName;
  bucket: CandleBucket;
  bucket_start: Date;
  open: number;
  high: number;
  low: number;
  close: number;
  samples: number;
  close_block_number: number | null;
  close_read_at: Date;
}

/** Days each pruned width is kept after the newest 5-minute candle (daily candles are kept forever). */
const KEPT = sql.join(
  (
    [
      ['5m', FIVE_MINUTE_KEPT_DAYS],
      ['1h', HOURLY_KEPT_DAYS],
    ] as const
  ).map(([bucket, days]) => sql`(${bucket}::text, ${days * 86_400_000 + CANDLE_BUCKETS[bucket]}::float8)`),
);

/**
 * price_candles: open/high/low/close per token, chain and bucket, and the block and read time of
 * the reading the close is (the public API's provenance, kept as long as the candle). A batch is folded in memory first
 * so a thousand ticks cost one upsert per touched candle, not one per tick. A candle is pruned
 * once it ended more than its width's retention before the newest 5-minute candle (the events'
 * time, so a rebuild keeps the same candles).
 */
export const priceCandlesProjection = defineProjection({
  name: 'price_candles',
  handles: ['price.ticked'],
  tables: ['price_candles'],
  async apply(trx, events) {
    const candles = new Map<string, Candle>();
    for (const { event } of events) {
      const at = new Date(event.data.observedAt);
      for (const bucket of Object.keys(CANDLE_BUCKETS) as CandleBucket[]) {
        const start = bucketStart(at, bucket);
        const key = `${event.data.token}|${event.data.chain}|${bucket}|${start.getTime()}`;
        const price = event.data.price;
        const candle = candles.get(key);
        if (candle) {
          candle.high = Math.max(candle.high, price);
          candle.low = Math.min(candle.low, price);
          candle.close = price;
          candle.close_block_number = event.data.blockNumber;
          candle.close_read_at = at;
          candle.samples += 1;
        } else {
          candles.set(key, {
            token_name: event.data.token,
            chain_name: event.data.chain,
            bucket,
            bucket_start: start,
            open: price,
            high: price,
            low: price,
            close: price,
            samples: 1,
            close_block_number: event.data.blockNumber,
            close_read_at: at,
          });
        }
      }
    }
    await trx
      .insertInto('price_candles')
      .values([...candles.values()])
      .onConflict((oc) =>
        oc.columns(['token_name', 'chain_name', 'bucket', 'bucket_start']).doUpdateSet({
          high: sql`greatest(price_candles.high, excluded.high)`,
          low: sql`least(price_candles.low, excluded.low)`,
          close: sql`excluded.close`,
          close_block_number: sql`excluded.close_block_number`,
          close_read_at: sql`excluded.close_read_at`,
          samples: sql`price_candles.samples + excluded.samples`,
        }),
      )
      .execute();
    const limit = pruneLimit(candles.size);
    await sql`
      delete from price_candles where ctid = any(array(
        select expired.ctid
        from (
          select max(newest.bucket_start) as at from ${pricePairs()}, lateral (
            select c.bucket_start from price_candles c
            where c.token_name = pair.token_name and c.chain_name = pair.chain_name and c.bucket = '5m'
            order by c.bucket_start desc limit 1) newest
        ) watermark,
        ${pricePairs()},
        (values ${KEPT}) kept(bucket, span_ms),
        lateral (
          select c.ctid from price_candles c
          where c.token_name = pair.token_name and c.chain_name = pair.chain_name and c.bucket = kept.bucket
            and c.bucket_start <= watermark.at - kept.span_ms * interval '1 millisecond'
          order by c.bucket_start limit ${limit}::int) expired
        limit ${limit}::int))`.execute(trx);
  },
});
