import { type Kysely, sql } from 'kysely';

/**
 * Each chain's RPC endpoints as the ingestor judges them (state, reason, rest, head), beside the
 * chain's own status, so `/api/health` shows them from whichever process serves the API.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ingestor_chain_status')
    .addColumn('endpoints', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ingestor_chain_status').dropColumn('endpoints').execute();
}
