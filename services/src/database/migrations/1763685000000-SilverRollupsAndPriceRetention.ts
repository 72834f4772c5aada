import { type Kysely, sql } from 'kysely';

/**
 * Hourly and daily silver rollups (written by the silver_prices projection from now on, filled
 * here from the readings already projected, so no window loses its history), and indexes that fit
 * the reads: none on price_history's time alone (every query names its token and chain, or walks
 * the pairs, so the 1-day history uses the (token, chain, timestamp) index instead of filtering a
 * day of every pair), and the price beside the key in that index and the candles' close in
 * theirs, so a chart is an index-only range scan instead of one heap page per row. silver_prices'
 * unique event_id was a second index on its primary key's value (both are the event id): dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('silver_rollups')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('bucket_start', 'timestamptz', (c) => c.notNull())
    .addColumn('open', 'double precision', (c) => c.notNull())
    .addColumn('high', 'double precision', (c) => c.notNull())
    .addColumn('low', 'double precision', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('close_at', 'timestamptz', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('silver_rollups_pkey', ['bucket', 'bucket_start'])
    .addCheckConstraint('silver_rollups_bucket_check', sql`bucket in ('1h', '1d')`)
    .addCheckConstraint('silver_rollups_samples_check', sql`samples > 0`)
    .execute();
  for (const [bucket, unit] of [
    ['1h', 'hour'],
    ['1d', 'day'],
  ] as const) {
    await sql`
      insert into silver_rollups (bucket, bucket_start, open, high, low, close, close_at, samples)
      select ${bucket}, date_trunc(${unit}, timestamp, 'UTC'),
        (array_agg(price_per_gram order by timestamp, created_at))[1], max(price_per_gram), min(price_per_gram),
        (array_agg(price_per_gram order by timestamp desc, created_at desc))[1], max(timestamp), count(*)
      from silver_prices group by 2`.execute(db);
  }
  await db.schema.dropIndex('price_history_timestamp_idx').execute();
  await db.schema.dropIndex('price_history_token_chain_timestamp_idx').execute();
  await sql`create index price_history_token_chain_timestamp_idx on price_history (token_name, chain_name, timestamp) include (price)`.execute(db);
  await sql`
    alter table price_candles drop constraint price_candles_pkey,
      add constraint price_candles_pkey primary key (token_name, chain_name, bucket, bucket_start) include (close)`.execute(db);
  await db.schema.alterTable('silver_prices').dropConstraint('silver_prices_event_id_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('silver_prices').addUniqueConstraint('silver_prices_event_id_key', ['event_id']).execute();
  await sql`
    alter table price_candles drop constraint price_candles_pkey,
      add constraint price_candles_pkey primary key (token_name, chain_name, bucket, bucket_start)`.execute(db);
  await db.schema.dropIndex('price_history_token_chain_timestamp_idx').execute();
  await db.schema
    .createIndex('price_history_token_chain_timestamp_idx')
    .on('price_history')
    .columns(['token_name', 'chain_name', 'timestamp'])
    .execute();
  await db.schema.createIndex('price_history_timestamp_idx').on('price_history').column('timestamp').execute();
  await db.schema.dropTable('silver_rollups').execute();
}
