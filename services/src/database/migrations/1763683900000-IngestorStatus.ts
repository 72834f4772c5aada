import { type Kysely, sql } from 'kysely';

/**
 * The ingestor's own view of each chain: running, retrying or stopped, with its failure count.
 * Operational state (like checkpoints and dead letters), not a read model: the ingestor writes it
 * after every read so `/api/health` shows it from whichever process serves the API.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ingestor_chain_status')
    .addColumn('chain_name', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_success_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ingestor_chain_status_status_check', sql`status in ('ok', 'retrying', 'stopped')`)
    .addCheckConstraint('ingestor_chain_status_failures_check', sql`consecutive_failures >= 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ingestor_chain_status').execute();
}
