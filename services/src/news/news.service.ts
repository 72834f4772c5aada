import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { newsSubject, type NewsFields } from '@xsd/contracts';
import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import {
  type AdminNewsItem,
  type AdminNewsItemResponse,
  type AdminNewsListResponse,
  type CreateNewsRequestSchema,
  NEWS_CONTENT_REQUIRED_MESSAGE,
  NEWS_NOT_FOUND_MESSAGE,
  type UpdateNewsRequestSchema,
} from '@xsd/contracts/api/admin-news';
import { compareNews, type NewsListResponse } from '@xsd/contracts/api/news';
import type { z } from 'zod';
import { sanitizeContentHtml } from '../content/html-sanitizer.js';
import { CLOCK, type Clock, epochMillis } from '../core/clock.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { ApiError } from '../http/api-error.filter.js';
import type { CachedJson } from '../read-cache/cached-json.js';
import { HotReadModel } from '../read-cache/hot-read-model.js';
import type { Awaitable } from '../read-cache/hot-value.js';
import { BreakingNewsRepository, toAdminNewsItem, toNewsItem } from '../read-models/breaking-news/breaking-news.repository.js';
import { StaffItemCommands } from '../staff/staff-item-commands.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { DecideNews } from './news.commands.js';
import { NEWS } from './news.decider.js';

/** Stored sanitised; markup that sanitises to nothing is no content. */
function sanitizedContent(html: string): string {
  const content = sanitizeContentHtml(html).trim();
  if (content === '') throw new ApiError(400, 'invalid_news', NEWS_CONTENT_REQUIRED_MESSAGE);
  return content;
}

/** The request's fields as the events name them; a field left out stays undefined (an update keeps it). */
function newsFields(request: z.output<typeof UpdateNewsRequestSchema>): Partial<NewsFields> {
  return {
    title: request.title,
    content: request.content === undefined ? undefined : sanitizedContent(request.content),
    type: request.type,
    priority: request.priority,
    expiresAt: request.expires_at,
    notifyUsers: request.notify_users,
    isActive: request.is_active,
  };
}

/** Breaking news: the announcements banner's (public), and the Breaking News tab's commands and list. */
@Injectable()
export class NewsService {
  private readonly activeAnswer: HotReadModel<NewsListResponse>;
  private readonly items: StaffItemCommands<typeof NEWS, NewsFields, z.output<typeof UpdateNewsRequestSchema>, AdminNewsItem>;

  constructor(
    commands: CommandBus,
    private readonly news: BreakingNewsRepository,
    @Inject(CLOCK) clock: Clock,
    progress: ProjectionProgress,
  ) {
    this.items = new StaffItemCommands(commands, {
      names: NEWS,
      command: DecideNews,
      subject: newsSubject,
      fields: newsFields,
      notFound: () => new ApiError(404, 'news_not_found', NEWS_NOT_FOUND_MESSAGE),
      answer: async (id) => {
        const row = await news.byId(id);
        return row && toAdminNewsItem(row);
      },
    });
    // Read again at least every 15 s, so an item disappears close to its expiry.
    this.activeAnswer = new HotReadModel(progress, {
      tables: ['breaking_news'],
      maxAgeMs: 15_000,
      now: epochMillis(clock),
      load: async () => ({ items: (await news.active(clock())).map(toNewsItem).sort(compareNews) }),
    });
  }

  /** Active, unexpired items, most urgent first: held in memory, never older than a change a command reported done. */
  active(): Awaitable<CachedJson<NewsListResponse>> {
    return this.activeAnswer.get();
  }

  async list(): Promise<AdminNewsListResponse> {
    return { items: (await this.news.all()).map(toAdminNewsItem) };
  }

  create(by: AuthenticatedStaff, request: z.output<typeof CreateNewsRequestSchema>): Promise<AdminNewsItemResponse> {
    return this.items.create(by, request);
  }

  update(by: AuthenticatedStaff, newsId: string, request: z.output<typeof UpdateNewsRequestSchema>): Promise<AdminNewsItemResponse> {
    return this.items.update(by, newsId, request);
  }

  delete(by: AuthenticatedStaff, newsId: string): Promise<DeletedResponse> {
    return this.items.delete(by, newsId);
  }
}
