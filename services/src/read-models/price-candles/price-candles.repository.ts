import { Injectable } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import { type RawBuilder, sql } from 'kysely';
import { float8Columns, float8Rows } from '../../database/float8-rows.js';
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

/** A token and chain's candles of one width, oldest first, as columns: times in epoch ms, NaN for null (a page's: PriceCandleSeries). */
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

/** What candleSpans gives a span, CandleColumns' order: times in epoch ms. */
const CANDLE_SPAN_VALUES = [
  sql`floor(extract(epoch from c.bucket_start) * 1000)`,
  sql`c.open`,
  sql`c.high`,
  sql`c.low`,
  sql`c.close`,
  sql`c.samples`,
  sql`c.close_block_number`,
  sql`floor(extract(epoch from c.close_read_at) * 1000)`,
];
export const CANDLE_SPAN_COLUMNS = CANDLE_SPAN_VALUES.length;

/** A token, chain and width's candles starting in [fromMs, toMs) (epoch ms; null: unbounded). */
export interface CandleSpan {
  readonly token: TokenName;
  readonly chain: ChainName;
  readonly bucket: '1h' | '1d';
  readonly fromMs: number | null;
  readonly toMs: number | null;
}

/** Reads of price_candles. */
@Injectable()
export class PriceCandlesRepository extends DatabaseRepository {
  /**
   * The candles of each span, oldest first, as eight columns a span (CandleColumns' order: times
   * in epoch ms, NaN for null): one statement, each span through the primary key (token, chain,
   * width, start).
   */
  async candleSpans(spans: readonly CandleSpan[]): Promise<Float64Array[][]> {
    if (spans.length === 0) return [];
    const { rows } = await sql<{ candles: Uint8Array | null }>`
      select c.candles
      from unnest(${spans.map((p) => p.token)}::text[], ${spans.map((p) => p.chain)}::text[], ${spans.map((p) => p.bucket)}::text[],
          ${spans.map((p) => (p.fromMs === null ? null : new Date(p.fromMs).toISOString()))}::timestamptz[],
          ${spans.map((p) => (p.toMs === null ? null : new Date(p.toMs).toISOString()))}::timestamptz[])
        with ordinality as span(token_name, chain_name, bucket, from_at, to_at, i),
      lateral (
        select ${float8Rows(CANDLE_SPAN_VALUES, sql`c.bucket_start`)} as candles
        from price_candles c
        where c.token_name = span.token_name and c.chain_name = span.chain_name and c.bucket = span.bucket
          and c.bucket_start >= coalesce(span.from_at, '-infinity') and c.bucket_start < coalesce(span.to_at, 'infinity')
      ) c
      order by span.i`.execute(this.db);
    return rows.map(({ candles }) => float8Columns(candles, CANDLE_SPAN_COLUMNS));
  }

  /** Each token, chain and width's first and last candle start (epoch ms), or null when it has none. */
  async candleBounds(keys: readonly { readonly token: TokenName; readonly chain: ChainName; readonly bucket: '1h' | '1d' }[]): Promise<({ oldest: number; newest: number } | null)[]> {
    if (keys.length === 0) return [];
    const start = (order: RawBuilder<unknown>) => sql`(
      select floor(extract(epoch from c.bucket_start) * 1000)::float8 from price_candles c
      where c.token_name = key.token_name and c.chain_name = key.chain_name and c.bucket = key.bucket
      order by ${order} limit 1)`;
    const { rows } = await sql<{ oldest: number | null; newest: number | null }>`
      select ${start(sql`c.bucket_start`)} as oldest, ${start(sql`c.bucket_start desc`)} as newest
      from unnest(${keys.map((k) => k.token)}::text[], ${keys.map((k) => k.chain)}::text[], ${keys.map((k) => k.bucket)}::text[])
        with ordinality as key(token_name, chain_name, bucket, i)
      order by key.i`.execute(this.db);
    return rows.map(({ oldest, newest }) => (oldest === null || newest === null ? null : { oldest, newest }));
  }
}
