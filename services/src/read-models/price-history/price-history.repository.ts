import { Injectable } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import { type RawBuilder, sql } from 'kysely';
import { float8Columns, float8Rows } from '../../database/float8-rows.js';
import { DatabaseRepository } from '../database-repository.js';

/** One reading: a price and when it was read on chain. */
export interface PriceRow {
  readonly price: number;
  readonly timestamp: Date;
}

export interface PairSnapshot {
  readonly token_name: TokenName;
  readonly chain_name: ChainName;
  readonly latest: PriceRow | null;
  /** The readings either side of the 24 h reference moment (the one after is older than `latest`). */
  readonly referenceCandidates: readonly PriceRow[];
}

/** A token and chain's readings in [fromMs, toMs) (epoch ms; null: unbounded). */
export interface ReadingSpan {
  readonly token: TokenName;
  readonly chain: ChainName;
  readonly fromMs: number | null;
  readonly toMs: number | null;
}

/** A pair's oldest and newest reading times, epoch ms. */
export interface ReadingBounds {
  readonly oldest: number;
  readonly newest: number;
}

/** What readingSpans gives a span: read time (epoch ms), price, block. */
const READING_SPAN_VALUES = [sql`floor(extract(epoch from h.timestamp) * 1000)`, sql`h.price`, sql`h.block_number`];
export const READING_SPAN_COLUMNS = READING_SPAN_VALUES.length;

const row = (price: number | null, timestamp: Date | string | null): PriceRow | null =>
  price === null || timestamp === null ? null : { price: Number(price), timestamp: new Date(timestamp) };

/** Reads of price_history. */
@Injectable()
export class PriceHistoryRepository extends DatabaseRepository {
  /**
   * For each token and chain: the newest reading and the readings either side of `reference`,
   * each found through the (token, chain, timestamp) index, in one statement.
   */
  async snapshots(pairs: readonly { token: TokenName; chain: ChainName }[], reference: Date): Promise<PairSnapshot[]> {
    if (pairs.length === 0) return [];
    const values = sql.join(pairs.map((p, i) => sql`(${p.token}::text, ${p.chain}::text, ${i}::int)`));
    const at = reference.toISOString();
    const result = await sql<{
      token_name: TokenName;
      chain_name: ChainName;
      price: number | null;
      timestamp: Date | null;
      before_price: number | null;
      before_timestamp: Date | null;
      after_price: number | null;
      after_timestamp: Date | null;
    }>`
      with pairs(token_name, chain_name, position) as (values ${values})
      select p.token_name, p.chain_name,
        latest.price, latest.timestamp,
        before.price as before_price, before.timestamp as before_timestamp,
        after.price as after_price, after.timestamp as after_timestamp
      from pairs p
      left join lateral (
        select h.price, h.timestamp from price_history h
        where h.token_name = p.token_name and h.chain_name = p.chain_name
        order by h.timestamp desc limit 1
      ) latest on true
      left join lateral (
        select h.price, h.timestamp from price_history h
        where h.token_name = p.token_name and h.chain_name = p.chain_name and h.timestamp <= ${at}::timestamptz
          and h.timestamp < latest.timestamp
        order by h.timestamp desc limit 1
      ) before on true
      left join lateral (
        select h.price, h.timestamp from price_history h
        where h.token_name = p.token_name and h.chain_name = p.chain_name and h.timestamp > ${at}::timestamptz
          and h.timestamp < latest.timestamp
        order by h.timestamp asc limit 1
      ) after on true
      order by p.position`.execute(this.db);
    return result.rows.map((r) => ({
      token_name: r.token_name,
      chain_name: r.chain_name,
      latest: row(r.price, r.timestamp),
      referenceCandidates: [row(r.before_price, r.before_timestamp), row(r.after_price, r.after_timestamp)].filter(
        (x): x is PriceRow => x !== null,
      ),
    }));
  }

  async latest(token: TokenName, chain: ChainName): Promise<PriceRow | null> {
    const found = await this.db
      .selectFrom('price_history')
      .select(['price', 'timestamp'])
      .where('token_name', '=', token)
      .where('chain_name', '=', chain)
      .orderBy('timestamp', 'desc')
      .limit(1)
      .executeTakeFirst();
    return found ?? null;
  }

  /** Every reading since `from`, oldest first (short windows). */
  async history(token: TokenName, chain: ChainName, from: Date): Promise<PriceRow[]> {
    return this.db
      .selectFrom('price_history')
      .select(['price', 'timestamp'])
      .where('token_name', '=', token)
      .where('chain_name', '=', chain)
      .where('timestamp', '>=', from)
      .orderBy('timestamp', 'asc')
      .execute();
  }

  /**
   * The readings of each span's pair read at or after its `fromMs` and before its `toMs` (either
   * may be null: no bound), oldest first (ties by event id), as three columns a span: read time
   * (epoch ms), price and block (NaN: none). One statement, each span through the (token, chain,
   * timestamp) index, index-only: the index holds every column read.
   */
  readingSpans(spans: readonly ReadingSpan[]): Promise<Float64Array[][]> {
    return this.spans(spans, null);
  }

  /** As readingSpans, but only each span's newest `limit` readings (the index walked backwards from its `toMs`). */
  newestReadings(spans: readonly ReadingSpan[], limit: number): Promise<Float64Array[][]> {
    return this.spans(spans, limit);
  }

  private async spans(spans: readonly ReadingSpan[], newest: number | null): Promise<Float64Array[][]> {
    if (spans.length === 0) return [];
    const within = sql`h.token_name = span.token_name and h.chain_name = span.chain_name
      and h.timestamp >= coalesce(span.from_at, '-infinity') and h.timestamp < coalesce(span.to_at, 'infinity')`;
    const rows =
      newest === null
        ? sql`price_history h where ${within}`
        : sql`(select h.timestamp, h.id, h.price, h.block_number from price_history h where ${within} order by h.timestamp desc, h.id desc limit ${newest}) h`;
    const { rows: spanRows } = await sql<{ readings: Uint8Array | null }>`
      select r.readings
      from unnest(${spans.map((p) => p.token)}::text[], ${spans.map((p) => p.chain)}::text[],
          ${spans.map((p) => (p.fromMs === null ? null : new Date(p.fromMs).toISOString()))}::timestamptz[],
          ${spans.map((p) => (p.toMs === null ? null : new Date(p.toMs).toISOString()))}::timestamptz[])
        with ordinality as span(token_name, chain_name, from_at, to_at, i),
      lateral (select ${float8Rows(READING_SPAN_VALUES, sql`h.timestamp, h.id`)} as readings from ${rows}) r
      order by span.i`.execute(this.db);
    return spanRows.map(({ readings }) => float8Columns(readings, READING_SPAN_COLUMNS));
  }

  /** Each pair's oldest and newest reading times (epoch ms), or null when it has none. */
  async readingBounds(pairs: readonly { readonly token: TokenName; readonly chain: ChainName }[]): Promise<(ReadingBounds | null)[]> {
    if (pairs.length === 0) return [];
    const at = (order: RawBuilder<unknown>) => sql`(
      select floor(extract(epoch from h.timestamp) * 1000)::float8 from price_history h
      where h.token_name = pair.token_name and h.chain_name = pair.chain_name
      order by ${order} limit 1)`;
    const result = await sql<{ oldest: number | null; newest: number | null }>`
      select ${at(sql`h.timestamp`)} as oldest, ${at(sql`h.timestamp desc`)} as newest
      from unnest(${pairs.map((p) => p.token)}::text[], ${pairs.map((p) => p.chain)}::text[]) with ordinality as pair(token_name, chain_name, i)
      order by pair.i`.execute(this.db);
    return result.rows.map(({ oldest, newest }) => (oldest === null || newest === null ? null : { oldest, newest }));
  }
}
