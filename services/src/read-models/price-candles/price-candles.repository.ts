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

/** A candle with the block and read time of the reading its close comes from. */
export interface CandleRow {
  readonly bucket_start: Date;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly samples: number;
  readonly close_block_number: number | null;
  readonly close_read_at: Date | null;
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
  async publicCandles(filter: CandleFilter): Promise<CandleRow[]> {
    const from = filter.from ? sql`and bucket_start >= ${filter.from.toISOString()}::timestamptz` : sql``;
    const to = filter.to ? sql`and bucket_start <= ${filter.to.toISOString()}::timestamptz` : sql``;
    const result = await sql<CandleRow>`
      select * from (
        select bucket_start, open, high, low, close, samples, close_block_number, close_read_at from price_candles
        where token_name = ${filter.token} and chain_name = ${filter.chain} and bucket = ${filter.interval} ${from} ${to}
        order by bucket_start desc limit ${filter.limit}
      ) c order by bucket_start asc`.execute(this.db);
    return result.rows.map((r) => ({
      bucket_start: new Date(r.bucket_start),
      open: Number(r.open),
      high: Number(r.high),
      low: Number(r.low),
      close: Number(r.close),
      samples: Number(r.samples),
      close_block_number: r.close_block_number === null ? null : Number(r.close_block_number),
      close_read_at: r.close_read_at === null ? null : new Date(r.close_read_at),
    }));
  }
}
