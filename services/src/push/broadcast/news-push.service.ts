import { Inject, Injectable } from '@nestjs/common';
import { ITEM_ID } from '@xsd/contracts/api/admin-content';
import { NEWS_NOT_FOUND_MESSAGE } from '@xsd/contracts/api/admin-news';
import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import { isNewsPushable, type NewsPushResponse, type PushPayload } from '@xsd/contracts/api/push';
import { ApiError } from '../../http/api-error.filter.js';
import { htmlToText } from '../../content/html-text.js';
import { CLOCK, type Clock } from '../../core/clock.js';
import { BreakingNewsRepository } from '../../read-models/breaking-news/breaking-news.repository.js';
import { type AuthenticatedStaff, staffActor } from '../../staff/staff.types.js';
import { PushBroadcastService } from './push-broadcast.service.js';

/** Breaking news is news for a day: an offline device that comes back later gets nothing stale. */
export const NEWS_PUSH_TTL_SECONDS = 24 * 60 * 60;

/** What a breaking news item's push says (and its Telegram message, which the notifier sends to bound chats). */
export function newsPushPayload(item: { readonly id: string; readonly title: string; readonly content: string }): PushPayload {
  // Content is stored sanitised; a notification shows plain text.
  return { title: item.title, body: htmlToText(item.content), tag: `news-${item.id}`, data: { url: '/', newsId: item.id } };
}

/** The Breaking News tab's send action: the item's title and text to every subscription with systemUpdates on. */
@Injectable()
export class NewsPushService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly news: BreakingNewsRepository,
    private readonly broadcasts: PushBroadcastService,
  ) {}

  async push(by: AuthenticatedStaff, newsId: string): Promise<NewsPushResponse> {
    const item = ITEM_ID.safeParse(newsId).success ? await this.news.byId(newsId) : undefined;
    if (!item) throw new ApiError(404, 'news_not_found', NEWS_NOT_FOUND_MESSAGE);
    const pushable = isNewsPushable({ ...item, expires_at: item.expires_at?.toISOString() ?? null }, this.clock().getTime());
    if (!pushable) throw new ApiError(409, 'news_not_pushable', PUSH_MESSAGES.newsNotPushable);
    const figures = await this.broadcasts.broadcast({
      payload: newsPushPayload(item),
      source: 'breaking_news',
      sourceId: item.id,
      actor: staffActor(by),
      // One topic per item: sent twice, an offline device keeps only the latest.
      options: { ttlSeconds: NEWS_PUSH_TTL_SECONDS, urgency: 'high', topic: `news:${item.id}` },
    });
    return { success: true, ...figures };
  }
}
