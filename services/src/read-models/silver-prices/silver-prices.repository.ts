import { Injectable } from '@nestjs/common';
import type { PriceRow } from '../price-history/price-history.repository.js';
import { DatabaseRepository } from '../database-repository.js';
import { bucketStart } from '../price-candles/candle-buckets.js';
import type { SilverRollupBucket } from './silver-rollups.table.js';

export interface SilverRow extends PriceRow {
  readonly source: string;
}

/** Reads of silver_prices and silver_rollups (USD per gram). */
@Injectable()
export class SilverPricesRepository extends DatabaseRepository {
  async latest(): Promise<SilverRow | null> {
    const found = await this.db
      .selectFrom('silver_prices')
      .select(['price_per_gram as price', 'timestamp', 'source'])
      .orderBy('timestamp', 'desc')
      .limit(1)
      .executeTakeFirst();
    return found ?? null;
  }

  /** The highest and the lowest reading since `from` (the points the 24 h high and low come from). */
  async extremesSince(from: Date): Promise<PriceRow[]> {
    const base = () =>
      this.db.selectFrom('silver_prices').select(['price_per_gram as price', 'timestamp']).where('timestamp', '>=', from);
    const [high, low] = await Promise.all([
      base().orderBy('price_per_gram', 'desc').limit(1).executeTakeFirst(),
      base().orderBy('price_per_gram', 'asc').limit(1).executeTakeFirst(),
    ]);
    return [high, low].filter((r): r is PriceRow => r !== undefined);
  }

  /** The readings either side of `reference`, both older than `before`. */
  async around(reference: Date, before: Date): Promise<PriceRow[]> {
    const base = () =>
      this.db.selectFrom('silver_prices').select(['price_per_gram as price', 'timestamp']).where('timestamp', '<', before);
    const [older, newer] = await Promise.all([
      base().where('timestamp', '<=', reference).orderBy('timestamp', 'desc').limit(1).executeTakeFirst(),
      base().where('timestamp', '>', reference).orderBy('timestamp', 'asc').limit(1).executeTakeFirst(),
    ]);
    return [older, newer].filter((r): r is PriceRow => r !== undefined);
  }

  /** Every reading since `from`, oldest first (short windows). */
  async history(from: Date): Promise<PriceRow[]> {
    return this.db
      .selectFrom('silver_prices')
      .select(['price_per_gram as price', 'timestamp'])
      .where('timestamp', '>=', from)
      .orderBy('timestamp', 'asc')
      .execute();
  }

  /**
   * The newest reading of each hour or day since `from`, oldest first (long windows): the rollups'
   * closes, one index range. Each is at its reading's time, or with `at: 'bucket'` at its bucket's
   * start, as price candles' closes are (so the two series line up).
   */
  async rollupCloses(bucket: SilverRollupBucket, from: Date, at: 'reading' | 'bucket' = 'reading'): Promise<PriceRow[]> {
    return this.db
      .selectFrom('silver_rollups')
      .select(['close as price', at === 'reading' ? 'close_at as timestamp' : 'bucket_start as timestamp'])
      .where('bucket', '=', bucket)
      .where('bucket_start', '>=', bucketStart(from, bucket))
      .where('close_at', '>=', from)
      .orderBy('bucket_start', 'asc')
      .execute();
  }
}
