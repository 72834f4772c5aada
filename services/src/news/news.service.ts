import { Inject, Injectable } from '@nestjs/common';
import { compareNews, type NewsItem, type NewsListResponse } from '@xsd/contracts/api/news';
import { sanitizeContentHtml } from '../content/html-sanitizer.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { BreakingNewsRepository, type NewsRow } from '../read-models/breaking-news/breaking-news.repository.js';

function toNewsItem(row: NewsRow): NewsItem {
  return {
    id: row.id,
    title: row.title,
    // Stored sanitised by the write side; sanitised again here, so no stored markup reaches a page raw.
    content: sanitizeContentHtml(row.content),
    type: row.type,
    priority: row.priority,
    is_active: row.is_active,
    expires_at: row.expires_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** The announcements banner's breaking news. */
@Injectable()
export class NewsService {
  constructor(
    private readonly news: BreakingNewsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(): Promise<NewsListResponse> {
    const rows = await this.news.active(this.clock());
    return { items: rows.map(toNewsItem).sort(compareNews) };
  }
}
