import { Injectable } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import { sql } from 'kysely';
import type { PriceRow } from '../price-history/price-history.repository.js';
import { bucketStart, CANDLE_BUCKETS } from './candle-buckets.js';
import { isoInstant, jsonArray, jsonObject, type ProvenanceSource, provenanceJson, provenanceSourcesRelation } from '../json-text.js';
import { DatabaseRepository } from '../database-repository.js';

export interface CandleFilter {
  readonly token: TokenName;
  readonly chain: ChainName;
  readonly interval: '1h' | '1d';
  readonly from: Date | null;
  readonly to: Date | null;
  readonly limit: number;
}

/** Reads of price_candles. */
@Injectable()
export class PriceCandlesRepository extends DatabaseRepository {
  /** Closes of the hours or days since the one `from` falls in, at their start, oldest first (long windows). */
  async closes(token: TokenName, chain: ChainName, bucket: '1h' | '1d', from: Date): Promise<PriceRow[]> {
    const rows = await this.db
      .selectFrom('price_candles')
      .select(['close', 'bucket_start'])
      .where('token_name', '=', token)
      .where('chain_name', '=', chain)
      .where('bucket', '=', bucket)
      .where('bucket_start', '>=', bucketStart(from, bucket))
      .orderBy('bucket_start', 'asc')
      .execute();
    return rows.map((r) => ({ price: r.close, timestamp: r.bucket_start }));
  }

  /**
   * The public API's candles as the JSON text of PublicCandle[] and their count: the newest `limit`
   * starting in [from, to], oldest first, each with its close's provenance (from `sources`; a candle
   * projected before closes kept theirs, whose readings are pruned, is read at its end, the latest
   * its close can be) and its age at `asOf`.
   */
  async publicCandlesJson(filter: CandleFilter, source: ProvenanceSource, asOf: Date): Promise<{ items: string; count: number }> {
    const width = sql`${CANDLE_BUCKETS[filter.interval]} * interval '1 millisecond'`;
    const from = filter.from ? sql`and bucket_start >= ${filter.from.toISOString()}::timestamptz` : sql``;
    const to = filter.to ? sql`and bucket_start <= ${filter.to.toISOString()}::timestamptz` : sql``;
    const result = await sql<{ items: string; count: number }>`
      select ${jsonArray(
        jsonObject({
          token_name: sql`c.token_name`,
          chain_name: sql`c.chain_name`,
          interval: sql`c.bucket`,
          open_time: isoInstant(sql`c.bucket_start`),
          close_time: isoInstant(sql`c.bucket_start + ${width}`),
          open: sql`c.open`,
          high: sql`c.high`,
          low: sql`c.low`,
          close: sql`c.close`,
          samples: sql`c.samples`,
          provenance: provenanceJson(sql`coalesce(c.close_read_at, c.bucket_start + ${width})`, sql`c.close_block_number`, asOf),
        }),
        sql`c.bucket_start`,
      )} as items, count(*)::int as count
      from (
        select * from price_candles
        where token_name = ${filter.token} and chain_name = ${filter.chain} and bucket = ${filter.interval} ${from} ${to}
        order by bucket_start desc limit ${filter.limit}
      ) c join ${provenanceSourcesRelation([source])} using (token_name, chain_name)`.execute(this.db);
    return result.rows[0];
  }
}
