import { sql, type Transaction } from 'kysely';
import { DEFAULT_RAW_PRICE_DAYS } from '../../config/config.js';
import type { DB } from '../../database/schema.js';
import { defineProjection, type Projection } from '../../projector/projection.js';
import { type PriceRetention, pricePairs, pruneLimit } from '../retention.js';

/**
 * price_history: one row per accepted token price tick, keyed by the event's id. Rows go in as
 * one column array each (`unnest`), so a batch of a thousand ticks is a statement with seven
 * parameters instead of seven thousand: much less to build, send and parse; a rebuild loads them
 * with COPY. Readings older than `rawPriceDays` before the newest one are pruned in the same
 * transaction.
 */
export function priceHistoryProjectionFor({ rawPriceDays }: PriceRetention): Projection {
  // Oldest first per pair through the (token, chain, timestamp) index, deleted by row address.
  const prune = async (trx: Transaction<DB>, added: number) => {
    const limit = pruneLimit(added);
    await sql`
      delete from price_history where ctid = any(array(
        select expired.ctid
        from (
          select max(newest.timestamp) as at from ${pricePairs()}, lateral (
            select h.timestamp from price_history h
            where h.token_name = pair.token_name and h.chain_name = pair.chain_name
            order by h.timestamp desc limit 1) newest
        ) watermark,
        ${pricePairs()},
        lateral (
          select h.ctid from price_history h
          where h.token_name = pair.token_name and h.chain_name = pair.chain_name
            and h.timestamp < watermark.at - ${rawPriceDays}::float8 * interval '1 day'
          order by h.timestamp limit ${limit}::int) expired
        limit ${limit}::int))`.execute(trx);
  };
  return defineProjection({
    name: 'price_history',
    handles: ['price.ticked'],
    tables: ['price_history'],
    loadIndexes: ['price_history_token_chain_timestamp_idx'],
    async apply(trx, events) {
      await sql`
        insert into price_history (id, token_name, chain_name, price, block_number, timestamp, created_at)
        select * from unnest(
          ${events.map(({ event }) => event.id)}::uuid[],
          ${events.map(({ event }) => event.data.token)}::text[],
          ${events.map(({ event }) => event.data.chain)}::text[],
          ${events.map(({ event }) => event.data.price)}::float8[],
          ${events.map(({ event }) => event.data.blockNumber)}::int8[],
          ${events.map(({ event }) => event.data.observedAt)}::timestamptz[],
          ${events.map(({ event }) => event.occurredAt)}::timestamptz[])
        on conflict (id) do nothing`.execute(trx);
      await prune(trx, events.length);
    },
    copy: {
      table: 'price_history',
      columns: ['id', 'token_name', 'chain_name', 'price', 'block_number', 'timestamp', 'created_at'],
      row: ({ event }) => [event.id, event.data.token, event.data.chain, event.data.price, event.data.blockNumber ?? null, event.data.observedAt, event.occurredAt],
      retention: {
        keptMs: rawPriceDays * 86_400_000,
        timeOf: ({ event }) => Date.parse(event.data.observedAt),
        prune,
      },
    },
  });
}

/** With the default retention: tests and benchmarks that do not configure one. */
export const priceHistoryProjection = priceHistoryProjectionFor({ rawPriceDays: DEFAULT_RAW_PRICE_DAYS });
