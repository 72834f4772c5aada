import { Injectable } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import { sql } from 'kysely';
import type { PriceRow } from '../price-history/price-history.repository.js';
import { bucketStart } from './candle-buckets.js';
import { DatabaseRepository } from '../database-repository.js';

export interface CandleFilter {
  readonly token: TokenName;
  readonly chain: ChainName;
  readonly interval: '1h' | '1d';
  readonly from: Date | null;
  readonly to: Date | null;
  readonly limit: number;
}

/** A candle with the block and read time of the reading its close comes from, its times as epoch milliseconds. */
export interface CandleReading {
  readonly start_ms: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly samples: number;
  readonly close_block_number: number | null;
  readonly close_read_at_ms: number | null;
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

  /** The public API: the newest `limit` candles starting in [from, to], oldest first, with their close's provenance. */
  /** Times as epoch milliseconds: a page is up to 1,000 rows, and two Dates parsed from text a row were a fifth of its cost. */
  async publicCandles(filter: CandleFilter): Promise<CandleReading[]> {
    const from = filter.from ? sql`and bucket_start >= ${filter.from.toISOString()}::timestamptz` : sql``;
    const to = filter.to ? sql`and bucket_start <= ${filter.to.toISOString()}::timestamptz` : sql``;
    const result = await sql<CandleReading>`
      select floor(extract(epoch from bucket_start) * 1000)::float8 as start_ms, open, high, low, close, samples, close_block_number,
        floor(extract(epoch from close_read_at) * 1000)::float8 as close_read_at_ms
      from (
        select bucket_start, open, high, low, close, samples, close_block_number, close_read_at from price_candles
        where token_name = ${filter.token} and chain_name = ${filter.chain} and bucket = ${filter.interval} ${from} ${to}
        order by bucket_start desc limit ${filter.limit}
      ) c order by bucket_start asc`.execute(this.db);
    return result.rows;
  }
}
