import { Injectable } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import { sql } from 'kysely';
import { DatabaseRepository } from '../database-repository.js';
import { PRICE_PAIRS, pricePairs } from '../retention.js';

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

export interface PublicPriceFilter {
  readonly token: TokenName | null;
  readonly chain: ChainName | null;
  readonly from: Date | null;
  readonly to: Date | null;
  readonly limit: number;
}

/** A reading of the public API, its read time as epoch milliseconds. */
export interface PriceReading {
  readonly token_name: string;
  readonly chain_name: string;
  readonly price: number;
  readonly block_number: number | null;
  readonly at_ms: number;
}

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
   * The public API: newest first, filtered, at most `limit`: the newest `limit` of each matching
   * pair through the (token, chain, timestamp) index, merged.
   */
  async publicPrices(filter: PublicPriceFilter): Promise<PriceReading[]> {
    const pairs = PRICE_PAIRS.filter((p) => (filter.token ?? p.token) === p.token && (filter.chain ?? p.chain) === p.chain);
    const from = filter.from ? sql`and h.timestamp >= ${filter.from.toISOString()}::timestamptz` : sql``;
    const to = filter.to ? sql`and h.timestamp <= ${filter.to.toISOString()}::timestamptz` : sql``;
    // Read times as epoch milliseconds: a page is up to 1,000 rows, and a Date parsed from text a row was a tenth of its cost.
    const result = await sql<PriceReading>`
      select r.token_name, r.chain_name, r.price, r.block_number, floor(extract(epoch from r.timestamp) * 1000)::float8 as at_ms
      from ${pricePairs(pairs)}, lateral (
        select h.id, h.token_name, h.chain_name, h.price, h.block_number, h.timestamp from price_history h
        where h.token_name = pair.token_name and h.chain_name = pair.chain_name ${from} ${to}
        order by h.timestamp desc, h.id desc limit ${filter.limit}::int
      ) r
      order by r.timestamp desc, r.id desc limit ${filter.limit}::int`.execute(this.db);
    return result.rows;
  }
}
