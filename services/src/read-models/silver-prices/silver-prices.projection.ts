import { defineProjection } from '../../projector/projection.js';

/** silver_prices: one row per accepted silver feed reading, source 'blockchain'. */
export const silverPricesProjection = defineProjection({
  name: 'silver_prices',
  handles: ['silver.ticked'],
  tables: ['silver_prices'],
  async apply(trx, events) {
    await trx
      .insertInto('silver_prices')
      .values(
        events.map(({ event }) => ({
          id: event.id,
          event_id: event.id,
          price_per_gram: event.data.pricePerGram,
          price_per_ounce: event.data.pricePerOunce,
          round_id: event.data.roundId,
          timestamp: new Date(event.data.observedAt),
          source: 'blockchain',
          created_at: new Date(event.occurredAt),
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  },
});
