import { type Kysely, sql } from 'kysely';

/**
 * price_history's (token, chain, timestamp) index also holds what the raw series reads (the event
 * id that orders ties, and the block), so a pair's readings are an index-only range scan. With
 * only the price beside the key, reading a pair's 90 days (259,000 readings among 13 other pairs')
 * took 40,759 heap pages: 0.46 s warm and 1.0 s from a cold cache; index-only, 0.15 s. The first
 * /api/v1/prices request after a start reads one pair so (0.57-0.60 s, now 0.38 s in bench/scale),
 * the series' whole read all 14.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('price_history_token_chain_timestamp_idx').execute();
  await sql`
    create index price_history_token_chain_timestamp_idx
    on price_history (token_name, chain_name, timestamp, id) include (price, block_number)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('price_history_token_chain_timestamp_idx').execute();
  await sql`create index price_history_token_chain_timestamp_idx on price_history (token_name, chain_name, timestamp) include (price)`.execute(db);
}
