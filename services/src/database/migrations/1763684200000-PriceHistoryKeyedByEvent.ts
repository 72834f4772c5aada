import { type Kysely, sql } from 'kysely';

/**
 * price_history rows take the id of the event they come from, so the separate unique event_id
 * was a second index on the same value: dropped, which spares every projected tick one index
 * write. A replay still cannot double a row: the primary key is the event id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('price_history').dropColumn('event_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('price_history').addColumn('event_id', 'uuid').execute();
  await sql`update price_history set event_id = id`.execute(db);
  await db.schema.alterTable('price_history').alterColumn('event_id', (c) => c.setNotNull()).execute();
  await db.schema.alterTable('price_history').addUniqueConstraint('price_history_event_id_key', ['event_id']).execute();
}
