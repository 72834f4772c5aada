import type { NewsFields } from '@xsd/contracts';
import type { Updateable } from 'kysely';
import { defineProjection } from '../../projector/projection.js';
import type { BreakingNewsTable } from './breaking-news.table.js';

function columns(fields: Partial<NewsFields>): Updateable<BreakingNewsTable> {
  const row: Updateable<BreakingNewsTable> = {};
  if (fields.title !== undefined) row.title = fields.title;
  if (fields.content !== undefined) row.content = fields.content;
  if (fields.type !== undefined) row.type = fields.type;
  if (fields.priority !== undefined) row.priority = fields.priority;
  if (fields.expiresAt !== undefined) row.expires_at = fields.expiresAt;
  if (fields.notifyUsers !== undefined) row.notify_users = fields.notifyUsers;
  if (fields.isActive !== undefined) row.is_active = fields.isActive;
  return row;
}

/** breaking_news from the news events; times are the events', so a rebuild gives the same rows. */
export const breakingNewsProjection = defineProjection({
  name: 'breaking_news',
  handles: ['news.created', 'news.updated', 'news.deleted'],
  tables: ['breaking_news'],
  async apply(trx, events) {
    for (const { event } of events) {
      const at = event.occurredAt;
      switch (event.type) {
        case 'news.created': {
          const { newsId, ...fields } = event.data;
          await trx
            .insertInto('breaking_news')
            .values({
              id: newsId,
              title: fields.title,
              content: fields.content,
              ...columns(fields),
              created_by: event.actor.kind === 'staff' ? event.actor.id : null,
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'news.updated':
          await trx
            .updateTable('breaking_news')
            .set({ ...columns(event.data.changes), updated_at: at })
            .where('id', '=', event.data.newsId)
            .execute();
          break;
        case 'news.deleted':
          await trx.deleteFrom('breaking_news').where('id', '=', event.data.newsId).execute();
          break;
      }
    }
  },
});
