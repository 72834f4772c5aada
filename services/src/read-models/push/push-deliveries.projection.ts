import { defineProjection } from '../../projector/projection.js';

/**
 * Deliveries are kept this long, counted back from each recorded batch (not the clock, so a
 * rebuild keeps the same rows): enough for the 24-hour figures and for looking into a bad day.
 */
export const PUSH_DELIVERIES_KEPT_MS = 7 * 24 * 60 * 60_000;

/**
 * push_deliveries: one row per (trigger or broadcast, subscription), its latest outcome. Apart from
 * the subscriptions' projection so a fan-out of thousands of rows never holds up the answer to a
 * visitor saving their alerts.
 */
export const pushDeliveriesProjection = defineProjection({
  name: 'push_deliveries',
  handles: ['push.deliveries-recorded'],
  tables: ['push_deliveries'],
  async apply(trx, events) {
    for (const { event } of events) {
      const rows = new Map<string, (typeof event.data.deliveries)[number]>();
      for (const delivery of event.data.deliveries) rows.set(`${delivery.triggerId}:${delivery.subscriptionId}`, delivery);
      await trx
        .insertInto('push_deliveries')
        .values(
          [...rows.values()].map((delivery) => ({
            trigger_id: delivery.triggerId,
            subscription_id: delivery.subscriptionId,
            outcome: delivery.outcome,
            status: delivery.status,
            attempts: delivery.attempts,
            recorded_at: event.occurredAt,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['trigger_id', 'subscription_id']).doUpdateSet((eb) => ({
            outcome: eb.ref('excluded.outcome'),
            status: eb.ref('excluded.status'),
            attempts: eb.ref('excluded.attempts'),
            recorded_at: eb.ref('excluded.recorded_at'),
          })),
        )
        .execute();
      const keptFrom = new Date(Date.parse(event.occurredAt) - PUSH_DELIVERIES_KEPT_MS);
      await trx.deleteFrom('push_deliveries').where('recorded_at', '<', keptFrom).execute();
    }
  },
});
