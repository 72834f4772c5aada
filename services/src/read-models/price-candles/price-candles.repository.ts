import { Injectable } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import { sql } from 'kysely';
import type { PriceRow } from '../price-history/price-history.repository.js';
import { bucketStart } from './candle-buckets.js';
import { DatabaseRepository } from '../database-repository.js';

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

/** A token and chain's candles of one width, oldest first, as columns: times in epoch ms, NaN for null. */
export interface CandleColumns {
  readonly starts: Float64Array;
  readonly opens: Float64Array;
  readonly highs: Float64Array;
  readonly lows: Float64Array;
  readonly closes: Float64Array;
  readonly samples: Float64Array;
  readonly closeBlockNumbers: Float64Array;
  readonly closeReadAtMs: Float64Array;
}

/** Reads of price_candles. */
@Injectable()
export class PriceCandlesRepository extends DatabaseRepository {
  /** Closes of the hours or days since the one `from` falls in, at their start, oldest first (long chart windows). */
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

  /** Every candle of the token, chain and width the table keeps (PriceCandleSeries holds them). */
  async columns(token: TokenName, chain: ChainName, bucket: '1h' | '1d'): Promise<CandleColumns> {
    // Times as epoch milliseconds: a Date parsed from text a row was a fifth of a row's cost.
    const { rows } = await sql<CandleReading>`
      select floor(extract(epoch from bucket_start) * 1000)::float8 as start_ms, open, high, low, close, samples, close_block_number,
        floor(extract(epoch from close_read_at) * 1000)::float8 as close_read_at_ms
      from price_candles
      where token_name = ${token} and chain_name = ${chain} and bucket = ${bucket}
      order by bucket_start asc`.execute(this.db);
    const column = (value: (row: CandleReading) => number | null) => Float64Array.from(rows, (row) => value(row) ?? Number.NaN);
    return {
      starts: column((row) => row.start_ms),
      opens: column((row) => row.open),
      highs: column((row) => row.high),
      lows: column((row) => row.low),
      closes: column((row) => row.close),
      samples: column((row) => row.samples),
      closeBlockNumbers: column((row) => row.close_block_number),
      closeReadAtMs: column((row) => row.close_read_at_ms),
    };
  }
}
