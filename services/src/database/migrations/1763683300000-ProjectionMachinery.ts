import { type Kysely, sql } from 'kysely';

/** Checkpoints of the projections and the events their consumers gave up on. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('projection_checkpoints')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('sequence', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('projection_checkpoints_sequence_check', sql`sequence >= 0`)
    .execute();

  await db.schema
    .createTable('dead_letters')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('sequence', 'bigint', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('event', 'jsonb')
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A message is dead-lettered once per consumer, however often the record is written.
    .addUniqueConstraint('dead_letters_consumer_sequence_key', ['consumer', 'sequence'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dead_letters').execute();
  await db.schema.dropTable('projection_checkpoints').execute();
}
