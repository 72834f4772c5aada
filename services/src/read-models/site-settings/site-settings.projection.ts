import { defineProjection } from '../../projector/projection.js';

/**
 * site_settings keeps the spec's "newest row wins" shape: every maintenance event adds a row
 * holding the whole state after it, so the table is also the history of who changed what.
 */
export const siteSettingsProjection = defineProjection({
  name: 'site_settings',
  handles: ['maintenance.started', 'maintenance.updated', 'maintenance.ended'],
  tables: ['site_settings'],
  async apply(trx, events) {
    let current = await trx
      .selectFrom('site_settings')
      .select(['maintenance_mode', 'maintenance_title', 'maintenance_message', 'expected_up_time'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    for (const { event } of events) {
      const at = new Date(event.occurredAt);
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
          updated_by: event.actor.kind === 'staff' ? event.actor.id : null,
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
      current = next;
    }
  },
});
