import { defineProjection } from '../../projector/projection.js';

/** channels from the channel events. Deliveries are the notifier's (channel-deliveries.repository.ts). */
export const channelsProjection = defineProjection({
  name: 'channels',
  handles: ['channel.created', 'channel.updated', 'channel.paused', 'channel.resumed', 'channel.deleted'],
  tables: ['channels'],
  async apply(trx, events) {
    for (const { event } of events) {
      const at = event.occurredAt;
      switch (event.type) {
        case 'channel.created':
          await trx
            .insertInto('channels')
            .values({
              id: event.data.channelId,
              kind: event.data.kind,
              name: event.data.name,
              url_or_chat: event.data.urlOrChat,
              events: event.data.events,
              secret: event.data.secret,
              created_by: event.actor.kind === 'staff' ? event.actor.id : null,
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.doNothing())
            .execute();
          break;
        case 'channel.updated': {
          const { name, urlOrChat, events: subscribed } = event.data.changes;
          await trx
            .updateTable('channels')
            .set({
              updated_at: at,
              ...(name !== undefined ? { name } : {}),
              ...(urlOrChat !== undefined ? { url_or_chat: urlOrChat } : {}),
              ...(subscribed !== undefined ? { events: subscribed } : {}),
            })
            .where('id', '=', event.data.channelId)
            .execute();
          break;
        }
        case 'channel.paused':
          await trx
            .updateTable('channels')
            .set({ paused: true, paused_reason: event.data.reason, updated_at: at })
            .where('id', '=', event.data.channelId)
            .execute();
          break;
        case 'channel.resumed':
          await trx.updateTable('channels').set({ paused: false, paused_reason: null, updated_at: at }).where('id', '=', event.data.channelId).execute();
          break;
        case 'channel.deleted':
          await trx.deleteFrom('channels').where('id', '=', event.data.channelId).execute();
          break;
      }
    }
  },
});
