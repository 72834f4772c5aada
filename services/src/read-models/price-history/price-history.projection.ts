import { sql } from 'kysely';
import { defineProjection } from '../../projector/projection.js';

/**
 * price_history: one row per accepted token price tick, keyed by the event's id. Rows go in as
 * one column array each (`unnest`), so a batch of a thousand ticks is a statement with seven
 * parameters instead of seven thousand: much less to build, send and parse.
 */
export const priceHistoryProjection = defineProjection({
  name: 'price_history',
  handles: ['price.ticked'],
  tables: ['price_history'],
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
  },
});
