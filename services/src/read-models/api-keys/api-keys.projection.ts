import { defineProjection } from '../../projector/projection.js';

/**
 * api_keys from the API key events: the key's hash only. `key_prefix` stays empty: no part of a
 * key is ever kept, and the list shows keys masked.
 */
export const apiKeysProjection = defineProjection({
  name: 'api_keys',
  handles: ['api-key.created', 'api-key.deleted', 'api-key.used'],
  tables: ['api_keys'],
  async apply(trx, events) {
    for (const { event } of events) {
      switch (event.type) {
        case 'api-key.created':
          await trx
            .insertInto('api_keys')
            .values({
              id: event.data.keyId,
              name: event.data.name,
              key_hash: event.data.keyHash,
              key_prefix: '',
              permissions: event.data.permissions,
              created_by: event.actor.kind === 'staff' ? event.actor.id : null,
              created_at: event.occurredAt,
              expires_at: event.data.expiresAt,
              last_used_at: null,
            })
            .onConflict((oc) => oc.doNothing())
            .execute();
          break;
        case 'api-key.deleted':
          await trx.deleteFrom('api_keys').where('id', '=', event.data.keyId).execute();
          break;
        case 'api-key.used':
          await trx.updateTable('api_keys').set({ last_used_at: event.data.usedAt }).where('id', '=', event.data.keyId).execute();
          break;
      }
    }
  },
});
