import type { NewsFields } from '@xsd/contracts';
import { itemProjection } from '../../projector/item-projection.js';

/** breaking_news from the news events. */
export const breakingNewsProjection = itemProjection<NewsFields, 'breaking_news'>({
  name: 'breaking_news',
  table: 'breaking_news',
  prefix: 'news',
  id: 'newsId',
  columns: {
    title: 'title',
    content: 'content',
    type: 'type',
    priority: 'priority',
    expiresAt: 'expires_at',
    notifyUsers: 'notify_users',
    isActive: 'is_active',
  },
});
