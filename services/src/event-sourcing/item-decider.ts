import { changedFields } from './changed-fields.js';
import { type Decider, DecisionError } from './decider.js';

/**
 * An item staff create, edit and delete, one per subject (a news item, a calendar event): the
 * same rules whatever its fields, named after the aggregate's commands and events.
 */
export interface ItemNames {
  readonly create: string;
  readonly update: string;
  readonly delete: string;
  readonly created: string;
  readonly updated: string;
  readonly deleted: string;
  /** The item id's name in commands and events (`newsId`). */
  readonly id: string;
}

/** The names of an aggregate `A` whose events are `<prefix>.created` and so on, its id `<id>`. */
export function itemNames<const A extends string, const P extends string, const I extends string>(aggregate: A, prefix: P, id: I) {
  return {
    create: `Create${aggregate}`,
    update: `Update${aggregate}`,
    delete: `Delete${aggregate}`,
    created: `${prefix}.created`,
    updated: `${prefix}.updated`,
    deleted: `${prefix}.deleted`,
    id,
  } as const;
}

export type ItemState<F> =
  | { readonly status: 'none' }
  | { readonly status: 'published'; readonly fields: F }
  | { readonly status: 'deleted' };

type Id<N extends ItemNames> = { readonly [K in N['id']]: string };

/** Create with every field (content comes sanitised: the decider never sees raw markup), update some, delete. */
export type ItemCommand<N extends ItemNames, F> =
  | { readonly type: N['create']; readonly data: Id<N> & { readonly fields: F } }
  | { readonly type: N['update']; readonly data: Id<N> & { readonly changes: Partial<F> } }
  | { readonly type: N['delete']; readonly data: Id<N> };

export interface ItemRules<F> {
  readonly exists: () => DecisionError;
  readonly notFound: () => DecisionError;
  /** A rule the fields keep after a create or an update (throws a DecisionError). */
  readonly check?: (fields: F) => void;
}

/**
 * The item's decider: created once, updated while published (an edit that changes nothing
 * decides nothing; the event carries the title and the values before), deleted with its fields.
 */
export function itemDecider<N extends ItemNames, F extends { readonly title: string }, E extends { readonly type: string }>(
  names: N,
  rules: ItemRules<F>,
): Decider<ItemCommand<N, F>, E, ItemState<F>> {
  const event = (type: string, data: object) => ({ type, data }) as unknown as E;
  return {
    initialState: { status: 'none' },

    decide(command, state) {
      const data = command.data as Record<string, unknown>;
      const id = { [names.id]: data[names.id] };
      switch (command.type) {
        case names.create: {
          if (state.status !== 'none') throw rules.exists();
          const fields = data.fields as F;
          rules.check?.(fields);
          return [event(names.created, { ...id, ...fields })];
        }
        case names.update: {
          if (state.status !== 'published') throw rules.notFound();
          const changed = changedFields(state.fields, data.changes as Partial<F>);
          if (changed === null) return [];
          rules.check?.({ ...state.fields, ...changed.changes });
          const title = changed.changes.title ?? state.fields.title;
          return [event(names.updated, { ...id, title, ...changed })];
        }
        case names.delete:
          if (state.status !== 'published') throw rules.notFound();
          return [event(names.deleted, { ...id, previous: state.fields })];
        default:
          throw new Error(`Unhandled command: ${command.type}`);
      }
    },

    evolve(state, stored) {
      const data = (stored as unknown as { readonly data: Record<string, unknown> }).data;
      switch (stored.type) {
        case names.created: {
          const { [names.id]: _id, ...fields } = data;
          return { status: 'published', fields: fields as unknown as F };
        }
        case names.updated:
          return state.status === 'published' ? { status: 'published', fields: { ...state.fields, ...(data.changes as Partial<F>) } } : state;
        case names.deleted:
          return { status: 'deleted' };
        default:
          throw new Error(`Unhandled event: ${stored.type}`);
      }
    },
  };
}
