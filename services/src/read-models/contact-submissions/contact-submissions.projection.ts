import { defineProjection } from '../../projector/projection.js';

/**
 * contact_submissions from the contact events. `photo_url` holds the photo store's key (the API
 * turns it into the staff-only photo route); times and the replier come from the events, so a
 * rebuild gives the same rows.
 */
export const contactSubmissionsProjection = defineProjection({
  name: 'contact_submissions',
  handles: ['contact.submitted', 'contact.status-changed', 'contact.replied', 'contact.deleted'],
  tables: ['contact_submissions'],
  async apply(trx, events) {
    for (const { event } of events) {
      switch (event.type) {
        case 'contact.submitted': {
          const { submissionId, photoKey, ...form } = event.data;
          await trx
            .insertInto('contact_submissions')
            .values({ id: submissionId, ...form, photo_url: photoKey, status: 'new', created_at: event.occurredAt })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'contact.status-changed':
          await trx.updateTable('contact_submissions').set({ status: event.data.status }).where('id', '=', event.data.submissionId).execute();
          break;
        case 'contact.replied':
          await trx
            .updateTable('contact_submissions')
            .set({
              status: 'replied',
              admin_reply: event.data.reply,
              replied_at: event.occurredAt,
              replied_by: event.actor.kind === 'staff' ? event.actor.id : null,
            })
            .where('id', '=', event.data.submissionId)
            .execute();
          break;
        case 'contact.deleted':
          await trx.deleteFrom('contact_submissions').where('id', '=', event.data.submissionId).execute();
          break;
      }
    }
  },
});
