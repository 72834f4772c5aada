import { type Kysely, sql } from 'kysely';

/**
 * token_supply: the latest total supply of each token on each chain, in whole tokens, projected
 * from the supply that `price.ticked` carries. One row per token and chain; `event_id` names the
 * tick it came from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('token_supply')
    .addColumn('token_name', 'text', (c) => c.notNull())
    .addColumn('chain_name', 'text', (c) => c.notNull())
    .addColumn('total_supply', 'double precision', (c) => c.notNull())
    .addColumn('block_number', 'bigint')
    .addColumn('observed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('token_supply_pkey', ['token_name', 'chain_name'])
    .addCheckConstraint('token_supply_token_name_check', sql`token_name in ('XSD', 'BankX')`)
    .addCheckConstraint('token_supply_total_supply_check', sql`total_supply >= 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('token_supply').execute();
}
