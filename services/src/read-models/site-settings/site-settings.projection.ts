import type { AnyEvent } from '@xsd/contracts';
import { defineProjection } from '../../projector/projection.js';
import { evolveMaintenance, initialMaintenanceState, type MaintenanceState } from './maintenance-state.js';

/** The staff member who acted; for the scheduler's end, the super admin it records (the spec's rule). */
function updatedBy(event: AnyEvent): string | null {
  if (event.actor.kind === 'staff') return event.actor.id;
  return event.type === 'maintenance.ended' ? event.data.recordedBy : null;
}

/**
 * site_settings keeps the spec's "newest row wins" shape: every maintenance event adds a row
 * holding the whole state after it (folded by the maintenance decider's own `evolve`, evolveMaintenance, so the row
 * and the aggregate never disagree), so the table is also the history of who changed what.
 * "Newest" must mean "last in the log": two changes in one millisecond, or from two processes
 * whose clocks differ, would otherwise tie or swap. So a row's created_at is its event's time,
 * moved 1 ms past the previous row's when it is not already later (still derived from the events
 * alone, so a rebuild gives the same rows).
 */
export const siteSettingsProjection = defineProjection({
  name: 'site_settings',
  handles: ['maintenance.started', 'maintenance.updated', 'maintenance.ended'],
  tables: ['site_settings'],
  async apply(trx, events) {
    const newest = await trx
      .selectFrom('site_settings')
      .select(['maintenance_mode', 'maintenance_title', 'maintenance_message', 'expected_up_time', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    let state: MaintenanceState = newest
      ? {
          on: newest.maintenance_mode,
          title: newest.maintenance_title,
          message: newest.maintenance_message,
          expectedUpTime: newest.expected_up_time?.toISOString() ?? null,
        }
      : initialMaintenanceState;
    let previousAt = newest?.created_at.getTime() ?? null;
    for (const { event } of events) {
      const occurred = Date.parse(event.occurredAt);
      const at = new Date(previousAt === null ? occurred : Math.max(occurred, previousAt + 1));
      state = evolveMaintenance(state, event);
      await trx
        .insertInto('site_settings')
        .values({
          id: event.id,
          event_id: event.id,
          maintenance_mode: state.on,
          maintenance_title: state.title,
          maintenance_message: state.message,
          expected_up_time: state.expectedUpTime === null ? null : new Date(state.expectedUpTime),
          created_at: at,
          updated_at: at,
          updated_by: updatedBy(event),
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
      previousAt = at.getTime();
    }
  },
});
