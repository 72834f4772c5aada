import type { ColumnType } from 'kysely';

/*
 * Tables of the embedded event log (migration `1763683200000-EventLog`). Both drivers return int8
 * as number (see `database/database.ts`); the adapter still converts with Number() at the edge.
 */

/** int8 as the drivers return it; a number or a numeric string on the way in. */
type Int8 = ColumnType<number, number | string | bigint, number | string | bigint>;

/** Every event, once, in append order. */
export interface EventLogTable {
  /** Stream sequence: 1-based, gap-free, handed out under the lock of `event_log_head`. */
  sequence: Int8;
  /** The event id (UUIDv7); unique, so appending the same event twice stores it once. */
  id: string;
  subject: string;
  type: string;
  /** The whole validated event as jsonb: parsed JSON on select, a JSON string on insert. */
  event: ColumnType<unknown, string, never>;
  appended_at: ColumnType<Date, Date | string | undefined, never>;
}

/** One row (id = 1): the last sequence handed out. Appenders lock it, so sequences never gap. */
export interface EventLogHeadTable {
  id: ColumnType<number, number, never>;
  last_sequence: Int8;
}

/** Durable consumers: the last sequence each one acknowledged. */
export interface EventLogConsumersTable {
  name: string;
  last_sequence: Int8;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface EventLogTables {
  event_log: EventLogTable;
  event_log_head: EventLogHeadTable;
  event_log_consumers: EventLogConsumersTable;
}
