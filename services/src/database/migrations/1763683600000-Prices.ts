import { type Kysely, sql } from 'kysely';

/**
 * Token and silver ticks, one row per accepted event (`event_id` unique, so a replay never
 * doubles a row), and OHLC candles derived from them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('price_history')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('token_name', 'text', (c) => c.notNull())
    .addColumn('chain_name', 'text', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('block_number', 'bigint')
    .addColumn('timestamp', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('price_history_token_name_check', sql`token_name in ('XSD', 'BankX')`)
    .addCheckConstraint('price_history_price_check', sql`price > 0`)
    .execute();
  await db.schema
    .createIndex('price_history_token_chain_timestamp_idx')
    .on('price_history')
    .columns(['token_name', 'chain_name', 'timestamp'])
    .execute();
  // Latest rows across every token and chain.
  await db.schema.createIndex('price_history_timestamp_idx').on('price_history').column('timestamp').execute();

  await db.schema
    .createTable('silver_prices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('price_per_gram', 'double precision', (c) => c.notNull())
    .addColumn('price_per_ounce', 'double precision')
    .addColumn('round_id', 'text')
    .addColumn('timestamp', 'timestamptz', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('blockchain'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('silver_prices_price_check', sql`price_per_gram > 0`)
    .execute();
  await db.schema.createIndex('silver_prices_timestamp_idx').on('silver_prices').column('timestamp').execute();

  await db.schema
    .createTable('price_candles')
    .addColumn('token_name', 'text', (c) => c.notNull())
    .addColumn('chain_name', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('bucket_start', 'timestamptz', (c) => c.notNull())
    .addColumn('open', 'double precision', (c) => c.notNull())
    .addColumn('high', 'double precision', (c) => c.notNull())
    .addColumn('low', 'double precision', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('price_candles_pkey', ['token_name', 'chain_name', 'bucket', 'bucket_start'])
    .addCheckConstraint('price_candles_token_name_check', sql`token_name in ('XSD', 'BankX')`)
    .addCheckConstraint('price_candles_bucket_check', sql`bucket in ('5m', '1h', '1d')`)
    .addCheckConstraint('price_candles_samples_check', sql`samples > 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('price_candles').execute();
  await db.schema.dropTable('silver_prices').execute();
  await db.schema.dropTable('price_history').execute();
}
