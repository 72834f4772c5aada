import type { ChainName, TokenName } from '@xsd/contracts';
import { sql } from 'kysely';
import { defineProjection } from '../../projector/projection.js';
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
}

/**
 * price_candles: open/high/low/close per token, chain and bucket. A batch is folded in memory first
 * so a thousand ticks cost one upsert per touched candle, not one per tick.
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
          samples: sql`price_candles.samples + excluded.samples`,
        }),
      )
      .execute();
  },
});
