import { type Kysely, sql } from 'kysely';

/**
 * Each candle keeps where its close comes from: the block the closing reading was read at and its
 * read time, written by the price_candles projection with the close. /api/v1/candles read them with
 * one probe of price_history per candle (most of a 1,000-candle answer's time), and lost them once
 * raw readings were pruned (XSD_RAW_PRICE_DAYS). Candles already projected take them from the
 * newest raw reading of their bucket where it is still kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('price_candles')
    .addColumn('close_block_number', 'bigint')
    .addColumn('close_read_at', 'timestamptz')
    .execute();
  for (const [bucket, width] of [
    ['5m', '5 minutes'],
    ['1h', '1 hour'],
    ['1d', '1 day'],
  ] as const) {
    await sql`
      update price_candles c set close_block_number = last.block_number, close_read_at = last.timestamp
      from price_candles k cross join lateral (
        select h.block_number, h.timestamp from price_history h
        where h.token_name = k.token_name and h.chain_name = k.chain_name
          and h.timestamp >= k.bucket_start and h.timestamp < k.bucket_start + ${sql.lit(width)}::interval
        order by h.timestamp desc, h.id desc limit 1
      ) last
      where k.bucket = ${bucket} and c.token_name = k.token_name and c.chain_name = k.chain_name
        and c.bucket = k.bucket and c.bucket_start = k.bucket_start`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('price_candles').dropColumn('close_block_number').dropColumn('close_read_at').execute();
}
