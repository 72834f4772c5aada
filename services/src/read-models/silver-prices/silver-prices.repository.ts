import { Injectable } from '@nestjs/common';
import type { PriceRow } from '../price-history/price-history.repository.js';
import { type RawBuilder, sql } from 'kysely';
import { float8Columns, float8Rows } from '../../database/float8-rows.js';
import { DatabaseRepository } from '../database-repository.js';
import type { SilverRollupBucket } from './silver-rollups.table.js';

export interface SilverRow extends PriceRow {
  readonly source: string;
}

/** What rollupSpans gives a span: bucket start, close, close time (epoch ms). */
const ROLLUP_SPAN_VALUES = [sql`floor(extract(epoch from r.bucket_start) * 1000)`, sql`r.close`, sql`floor(extract(epoch from r.close_at) * 1000)`];
export const SILVER_ROLLUP_SPAN_COLUMNS = ROLLUP_SPAN_VALUES.length;

/** One width's rollups starting in [fromMs, toMs) (epoch ms; null: unbounded). */
export interface SilverRollupSpan {
  readonly bucket: SilverRollupBucket;
  readonly fromMs: number | null;
  readonly toMs: number | null;
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
   * The rollups of each span of one width whose bucket starts in [fromMs, toMs) (epoch ms; null:
   * unbounded), oldest first, as SILVER_ROLLUP_SPAN_COLUMNS columns: one statement, each span
   * through the primary key (width, start).
   */
  async rollupSpans(spans: readonly SilverRollupSpan[]): Promise<Float64Array[][]> {
    if (spans.length === 0) return [];
    const { rows } = await sql<{ rollups: Uint8Array | null }>`
      select r.rollups
      from unnest(${spans.map((s) => s.bucket)}::text[],
          ${spans.map((s) => (s.fromMs === null ? null : new Date(s.fromMs).toISOString()))}::timestamptz[],
          ${spans.map((s) => (s.toMs === null ? null : new Date(s.toMs).toISOString()))}::timestamptz[])
        with ordinality as span(bucket, from_at, to_at, i),
      lateral (
        select ${float8Rows(ROLLUP_SPAN_VALUES, sql`r.bucket_start`)} as rollups
        from silver_rollups r
        where r.bucket = span.bucket
          and r.bucket_start >= coalesce(span.from_at, '-infinity') and r.bucket_start < coalesce(span.to_at, 'infinity')
      ) r
      order by span.i`.execute(this.db);
    return rows.map(({ rollups }) => float8Columns(rollups, SILVER_ROLLUP_SPAN_COLUMNS));
  }

  /** Each width's first and last bucket start (epoch ms), or null when it has none. */
  async rollupBounds(buckets: readonly SilverRollupBucket[]): Promise<({ oldest: number; newest: number } | null)[]> {
    if (buckets.length === 0) return [];
    const start = (order: RawBuilder<unknown>) => sql`(
      select floor(extract(epoch from r.bucket_start) * 1000)::float8 from silver_rollups r
      where r.bucket = key.bucket order by ${order} limit 1)`;
    const { rows } = await sql<{ oldest: number | null; newest: number | null }>`
      select ${start(sql`r.bucket_start`)} as oldest, ${start(sql`r.bucket_start desc`)} as newest
      from unnest(${[...buckets]}::text[]) with ordinality as key(bucket, i)
      order by key.i`.execute(this.db);
    return rows.map(({ oldest, newest }) => (oldest === null || newest === null ? null : { oldest, newest }));
  }
}
