import { defineProjection } from '../../projector/projection.js';

/** user_dashboard_preferences: each staff member's last saved preferences. */
export const dashboardPreferencesProjection = defineProjection({
  name: 'user_dashboard_preferences',
  handles: ['preferences.saved'],
  tables: ['user_dashboard_preferences'],
  async apply(trx, events) {
    for (const { event } of events) {
      const row = {
        layout: event.data.layout === null ? null : JSON.stringify(event.data.layout),
        widgets: event.data.widgets === null ? null : JSON.stringify(event.data.widgets),
        theme: event.data.theme,
        updated_at: event.occurredAt,
      };
      await trx
        .insertInto('user_dashboard_preferences')
        .values({ user_id: event.data.accountId, ...row })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
    }
  },
});
