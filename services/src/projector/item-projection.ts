import type { EventType } from '@xsd/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../database/schema.js';
import { defineProjection, type Projection } from './projection.js';

/** The columns a table of staff-edited items has beside the item's fields. */
interface ItemRow {
  id: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  [column: string]: unknown;
}

/** The prefixes of the event types that come as `.created`, `.updated` and `.deleted`. */
type ItemEventPrefix = EventType extends infer E ? (E extends `${infer P}.created` ? P : never) : never;

export interface ItemProjectionSpec<F, T extends keyof DB & string> {
  readonly name: string;
  readonly table: T;
  /** The events' prefix: `news` for `news.created`, `news.updated` and `news.deleted`. */
  readonly prefix: ItemEventPrefix;
  /** The item id's name in the events (`newsId`). */
  readonly id: string;
  /** Each field's column. */
  readonly columns: { readonly [K in keyof F]-?: keyof DB[T] & string };
}

/**
 * The table of an item staff create, edit and delete (see event-sourcing/item-decider.ts), from
 * its created / updated / deleted events: times are the events', so a rebuild gives the same rows.
 */
export function itemProjection<F extends object, T extends keyof DB & string>(spec: ItemProjectionSpec<F, T>): Projection {
  const { table, prefix } = spec;
  const events = { created: `${prefix}.created`, updated: `${prefix}.updated`, deleted: `${prefix}.deleted` } as const;
  /** The columns of the fields given; a field left out (undefined) keeps its column. */
  const columns = (fields: Record<string, unknown>) => {
    const row: Record<string, unknown> = {};
    for (const [field, column] of Object.entries<string>(spec.columns)) {
      if (fields[field] !== undefined) row[column] = fields[field];
    }
    return row;
  };
  return defineProjection({
    name: spec.name,
    handles: [events.created, events.updated, events.deleted] as EventType[],
    tables: [table],
    async apply(trx, stored) {
      // One table of a shape the generic types cannot name; the columns come from `spec.columns`.
      const rows = trx as unknown as Transaction<Record<string, ItemRow>>;
      const into: string = table;
      for (const { event } of stored) {
        const at = event.occurredAt;
        const data = event.data as Record<string, unknown>;
        const id = data[spec.id] as string;
        switch (event.type) {
          case events.created:
            await rows
              .insertInto(into)
              .values({
                id,
                ...columns(data),
                created_by: event.actor.kind === 'staff' ? event.actor.id : null,
                created_at: at,
                updated_at: at,
              })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
            break;
          case events.updated:
            await rows
              .updateTable(into)
              .set({ ...columns(data.changes as Record<string, unknown>), updated_at: at })
              .where('id', '=', id)
              .execute();
            break;
          case events.deleted:
            await rows.deleteFrom(into).where('id', '=', id).execute();
            break;
        }
      }
    },
  });
}
