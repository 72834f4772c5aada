import type { AnyEvent } from '@xsd/contracts';
import { defineProjection } from '../../projector/projection.js';

/** The staff member who acted; for the scheduler's end, the super admin it records (the spec's rule). */
function updatedBy(event: AnyEvent): string | null {
  if (event.actor.kind === 'staff') return event.actor.id;
  return event.type === 'maintenance.ended' ? event.data.recordedBy : null;
}

/**
 * site_settings keeps the spec's "newest row wins" shape: every maintenance event adds a row
 * holding the whole state after it, so the table is also the history of who changed what.
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
    let current = await trx
      .selectFrom('site_settings')
      .select(['maintenance_mode', 'maintenance_title', 'maintenance_message', 'expected_up_time', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    for (const { event } of events) {
      const occurred = Date.parse(event.occurredAt);
      const at = new Date(current ? Math.max(occurred, current.created_at.getTime() + 1) : occurred);
      const next =
        event.type === 'maintenance.ended'
          ? {
              maintenance_mode: false,
              maintenance_title: current?.maintenance_title ?? null,
              maintenance_message: null,
              expected_up_time: null,
            }
          : {
              maintenance_mode: event.type === 'maintenance.started' ? true : (current?.maintenance_mode ?? false),
              maintenance_title: event.data.title,
              maintenance_message: event.data.message,
              expected_up_time: event.data.expectedUpTime ? new Date(event.data.expectedUpTime) : null,
            };
      await trx
        .insertInto('site_settings')
        .values({
          id: event.id,
          event_id: event.id,
          ...next,
          created_at: at,
          updated_at: at,
          updated_by: updatedBy(event),
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
      current = { ...next, created_at: at };
    }
  },
});
