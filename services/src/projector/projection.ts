import type { AnyEvent, EventType } from '@xsd/contracts';
import type { Transaction } from 'kysely';
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
   * delete would scan the whole growing table.
   */
  readonly loadIndexes?: readonly string[];
  apply(trx: Transaction<DB>, events: readonly StoredEventOf<T>[]): Promise<void>;
}

export function defineProjection<T extends EventType>(projection: Projection<T>): Projection {
  return projection as unknown as Projection;
}

/** Injection token for the projections the projector runs: every read model's, provided by ReadModelsModule. */
export const PROJECTIONS = Symbol('PROJECTIONS');
