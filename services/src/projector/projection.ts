import type { AnyEvent, EventType } from '@xsd/contracts';
import type { Transaction } from 'kysely';
import type { CopyValue } from '../database/copy-rows.js';
import type { DB } from '../database/schema.js';
import type { StoredEvent } from '../event-log/event-log.js';

/** An event of one of the given types, with its stream sequence. */
export interface StoredEventOf<T extends EventType> extends StoredEvent {
  readonly event: Extract<AnyEvent, { type: T }>;
}

/**
 * A read model fed from the log. `apply` gets only the events of `handles`, in order, inside the
 * transaction that also moves the checkpoint, so rows and checkpoint commit or fail together.
 * Every column must be derived from the events alone (no clock, no random ids): a rebuild from
 * sequence 1 then produces the same rows.
 */
export interface Projection<T extends EventType = EventType> {
  readonly name: string;
  readonly handles: readonly T[];
  /**
   * Every table this projection alone writes (several when it keeps rollups beside raw rows; its
   * retention deletes included). A rebuild fills shadow copies of all of them through `apply` and
   * swaps them in together, so `apply` names its tables without a schema.
   */
  readonly tables: readonly (keyof DB & string)[];
  /**
   * Indexes (besides keys and unique ones) that `apply` itself reads, e.g. the probe of a retention
   * delete: a rebuild builds them with its shadow tables instead of after the load, or each batch's
   * delete would scan the whole growing table (on a table loaded with COPY, once that delete is due).
   */
  readonly loadIndexes?: readonly string[];
  apply(trx: Transaction<DB>, events: readonly StoredEventOf<T>[]): Promise<void>;
  /**
   * A faster way for a rebuild to load the rows (optional), for a projection that makes one row of
   * one table per event, keyed by the event. See `CopyLoad`.
   */
  readonly copy?: CopyLoad<T>;
}

/**
 * How a rebuild loads a projection's table with COPY instead of `apply`: `row` turns each event of
 * a page into the row `apply` would write, and the page's rows go into the shadow table, whose
 * keys and indexes are built after the load (the rows of an event the log holds twice are dropped
 * then). The last events, applied when the shadow is swapped in, go through `apply`.
 */
export interface CopyLoad<T extends EventType = EventType> {
  readonly table: keyof DB & string;
  readonly columns: readonly string[];
  row(stored: StoredEventOf<T>): readonly CopyValue[];
  readonly retention?: CopyRetention<T>;
}

/**
 * The retention `apply` keeps, for a copied table: rows more than `keptMs` older than the newest
 * (by `timeOf`) are deleted by `prune` after each page, in a transaction of its own. Until the
 * rows copied span more than `keptMs` none can be: the rebuild neither prunes nor keeps up the
 * `loadIndexes` that `prune` reads, and builds them when the first prune is due.
 */
export interface CopyRetention<T extends EventType = EventType> {
  readonly keptMs: number;
  timeOf(stored: StoredEventOf<T>): number;
  prune(trx: Transaction<DB>, copied: number): Promise<void>;
}

export function defineProjection<T extends EventType>(projection: Projection<T>): Projection {
  return projection as unknown as Projection;
}

/** Injection token for the projections the projector runs: every read model's, provided by ReadModelsModule. */
export const PROJECTIONS = Symbol('PROJECTIONS');
