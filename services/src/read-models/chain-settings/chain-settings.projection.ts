import { defineProjection } from '../../projector/projection.js';

/** chain_settings: one row per chain staff have set, holding the whole setting after each change. */
export const chainSettingsProjection = defineProjection({
  name: 'chain_settings',
  handles: ['chain.setting-changed'],
  tables: ['chain_settings'],
  async apply(trx, events) {
    for (const { event } of events) {
      const row = {
        is_active: event.data.isActive,
        display_name: event.data.displayName,
        maintenance_message: event.data.maintenanceMessage,
        updated_at: event.occurredAt,
        updated_by: event.actor.kind === 'staff' ? event.actor.id : null,
      };
      await trx
        .insertInto('chain_settings')
        .values({ chain_name: event.data.chain, ...row })
        .onConflict((oc) => oc.column('chain_name').doUpdateSet(row))
        .execute();
    }
  },
});
