import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { newsSubject, type NewsFields } from '@xsd/contracts';
import { type DeletedResponse, ITEM_ID } from '@xsd/contracts/api/admin-content';
import {
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
import { CLOCK, type Clock } from '../core/clock.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { ApiError } from '../http/api-error.filter.js';
import type { CachedJson } from '../read-cache/cached-json.js';
import { HotReadModel } from '../read-cache/hot-read-model.js';
import { BreakingNewsRepository, toAdminNewsItem, toNewsItem } from '../read-models/breaking-news/breaking-news.repository.js';
import { type AuthenticatedStaff, staffActor } from '../staff/staff.types.js';
import { DecideNews } from './news.commands.js';
import type { NewsCommand } from './news.decider.js';

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

const isUuid = (value: string) => ITEM_ID.safeParse(value).success;
const notFound = () => new ApiError(404, 'news_not_found', NEWS_NOT_FOUND_MESSAGE);

/** Breaking news: the announcements banner's (public), and the Breaking News tab's commands and list. */
@Injectable()
export class NewsService {
  private readonly activeAnswer: HotReadModel<NewsListResponse>;

  constructor(
    private readonly commands: CommandBus,
    private readonly news: BreakingNewsRepository,
    @Inject(CLOCK) clock: Clock,
    progress: ProjectionProgress,
  ) {
    // Read again at least every 15 s, so an item disappears close to its expiry.
    this.activeAnswer = new HotReadModel(progress, {
      tables: ['breaking_news'],
      maxAgeMs: 15_000,
      now: () => clock().getTime(),
      load: async () => ({ items: (await news.active(clock())).map(toNewsItem).sort(compareNews) }),
    });
  }

  /** Active, unexpired items, most urgent first: held in memory, never older than a change a command reported done. */
  active(): Promise<CachedJson<NewsListResponse>> {
    return this.activeAnswer.get();
  }

  async list(): Promise<AdminNewsListResponse> {
    return { items: (await this.news.all()).map(toAdminNewsItem) };
  }

  async create(by: AuthenticatedStaff, request: z.output<typeof CreateNewsRequestSchema>): Promise<AdminNewsItemResponse> {
    const newsId = randomUUID();
    // Every field is there: the create schema fills in the defaults.
    const fields = newsFields(request) as NewsFields;
    await this.run(by, newsId, { type: 'CreateNews', data: { newsId, fields } });
    return this.item(newsId);
  }

  async update(by: AuthenticatedStaff, newsId: string, request: z.output<typeof UpdateNewsRequestSchema>): Promise<AdminNewsItemResponse> {
    if (!isUuid(newsId)) throw notFound();
    const changes = newsFields(request);
    await this.run(by, newsId, { type: 'UpdateNews', data: { newsId, changes } });
    return this.item(newsId);
  }

  async delete(by: AuthenticatedStaff, newsId: string): Promise<DeletedResponse> {
    if (!isUuid(newsId)) throw notFound();
    await this.run(by, newsId, { type: 'DeleteNews', data: { newsId } });
    return { deleted: newsId };
  }

  private async run(by: AuthenticatedStaff, newsId: string, command: NewsCommand): Promise<void> {
    await this.commands.execute(new DecideNews(newsSubject(newsId), staffActor(by), command));
  }

  private async item(newsId: string): Promise<AdminNewsItemResponse> {
    const row = await this.news.byId(newsId);
    if (!row) throw notFound();
    return { item: toAdminNewsItem(row) };
  }
}
