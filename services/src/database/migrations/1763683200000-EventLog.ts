import { type Kysely, sql } from 'kysely';

/**
 * The embedded event log: the events, the one-row head that hands out gap-free sequences, and the
 * positions of the durable consumers. Unused (but harmless) when the log is NATS JetStream.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_log')
    .addColumn('sequence', 'bigint', (c) => c.primaryKey())
    .addColumn('id', 'uuid', (c) => c.notNull().unique())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('event', 'jsonb', (c) => c.notNull())
    .addColumn('appended_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('event_log_sequence_check', sql`sequence > 0`)
    .execute();
  // readSubject and subjectSequence (the optimistic concurrency check) read by subject.
  await db.schema.createIndex('event_log_subject_sequence_idx').on('event_log').columns(['subject', 'sequence']).execute();

  await db.schema
    .createTable('event_log_head')
    .addColumn('id', 'smallint', (c) => c.primaryKey())
    .addColumn('last_sequence', 'bigint', (c) => c.notNull())
    .addCheckConstraint('event_log_head_single_row_check', sql`id = 1`)
    .execute();
  await db.insertInto('event_log_head').values({ id: 1, last_sequence: 0 }).execute();

  await db.schema
    .createTable('event_log_consumers')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_sequence', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('event_log_consumers_last_sequence_check', sql`last_sequence >= 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_log_consumers').execute();
  await db.schema.dropTable('event_log_head').execute();
  await db.schema.dropTable('event_log').execute();
}
