import { defineProjection } from '../../projector/projection.js';

/** price_history: one row per accepted token price tick. */
export const priceHistoryProjection = defineProjection({
  name: 'price_history',
  handles: ['price.ticked'],
  tables: ['price_history'],
  async apply(trx, events) {
    await trx
      .insertInto('price_history')
      .values(
        events.map(({ event }) => ({
          id: event.id,
          event_id: event.id,
          token_name: event.data.token,
          chain_name: event.data.chain,
          price: event.data.price,
          block_number: event.data.blockNumber,
          timestamp: new Date(event.data.observedAt),
          created_at: new Date(event.occurredAt),
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  },
});
