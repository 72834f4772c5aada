import type { Transaction } from 'kysely';
import type { DB } from '../../database/schema.js';
import { defineProjection } from '../../projector/projection.js';
import { evolveMaintenance, initialMaintenanceState, type MaintenanceState } from '../site-settings/maintenance-state.js';
import { ACTIVITY_EVENT_TYPES, activityFacts, changedOnly, SITE_TARGET_ID } from './activity-entry.js';

/** The maintenance state after the newest site entry: what the next one changes. */
async function lastSiteState(trx: Transaction<DB>): Promise<MaintenanceState> {
  const row = await trx
    .selectFrom('activity_log')
    .select('after')
    .where('target_kind', '=', 'site')
    .where('target_id', '=', SITE_TARGET_ID)
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (row?.after as MaintenanceState | null | undefined) ?? initialMaintenanceState;
}

/** A label the event does not carry (a role change names no email): the item's last known one. */
async function knownLabel(trx: Transaction<DB>, targetKind: string, targetId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('activity_log')
    .select('target_label')
    .where('target_kind', '=', targetKind as never)
    .where('target_id', '=', targetId)
    .where('target_label', 'is not', null)
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.target_label ?? null;
}

/**
 * activity_log: one row per staff or system action, keyed by its sequence. Derived from the events
 * and the rows before it alone, so a rebuild from sequence 1 gives the same rows.
 */
export const activityProjection = defineProjection({
  name: 'activity_log',
  handles: [...ACTIVITY_EVENT_TYPES],
  tables: ['activity_log'],
  async apply(trx, events) {
    for (const { sequence, event } of events) {
      const site = event.type.startsWith('maintenance.') ? await lastSiteState(trx) : initialMaintenanceState;
      const facts = activityFacts(event, site);
      // Site entries keep the whole state after (the next entry's "before"); others only the change
      // (a community links entry holds only the changed links already).
      const shown = facts.targetKind === 'site' ? { before: facts.before, after: facts.after } : changedOnly(facts.before, facts.after);
      const actor = event.actor;
      await trx
        .insertInto('activity_log')
        .values({
          sequence,
          event_id: event.id,
          action: event.type,
          occurred_at: event.occurredAt,
          actor_kind: actor.kind,
          actor_id: actor.id,
          actor_email: actor.kind === 'staff' ? (actor.email ?? null) : null,
          target_kind: facts.targetKind,
          target_id: facts.targetId,
          target_label: facts.label ?? (await knownLabel(trx, facts.targetKind, facts.targetId)),
          before: shown.before === null ? null : JSON.stringify(shown.before),
          after: shown.after === null ? null : JSON.stringify(shown.after),
        })
        .onConflict((oc) => oc.column('sequence').doNothing())
        .execute();
    }
  },
});
