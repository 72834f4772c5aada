import { defineProjection } from '../../projector/projection.js';

/** community_links: each link's value after the newest change, and who made it. */
export const communityLinksProjection = defineProjection({
  name: 'community_links',
  handles: ['site.links-changed'],
  tables: ['community_links'],
  async apply(trx, events) {
    for (const { event } of events) {
      const updatedBy = event.actor.kind === 'staff' ? event.actor.id : null;
      for (const [linkId, url] of Object.entries(event.data.links)) {
        const row = { url: url ?? null, updated_at: event.occurredAt, updated_by: updatedBy };
        await trx
          .insertInto('community_links')
          .values({ link_id: linkId, ...row })
          .onConflict((oc) => oc.column('link_id').doUpdateSet(row))
          .execute();
      }
    }
  },
});
