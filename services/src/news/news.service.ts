import { Inject, Injectable } from '@nestjs/common';
import { compareNews, type NewsItem, type NewsListResponse } from '@xsd/contracts/api/news';
import { CLOCK, type Clock } from '../core/clock.js';
import { BreakingNewsRepository, toNewsItem } from '../read-models/breaking-news/breaking-news.repository.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import type { CachedJson } from '../read-cache/cached-json.js';
import { HotReadModel } from '../read-cache/hot-read-model.js';

/** The announcements banner's breaking news. */
@Injectable()
export class NewsService {
  private readonly answer: HotReadModel<NewsListResponse>;

  constructor(news: BreakingNewsRepository, @Inject(CLOCK) clock: Clock, progress: ProjectionProgress) {
    // Read again at least every 15 s, so an item disappears close to its expiry.
    this.answer = new HotReadModel(progress, {
      tables: ['breaking_news'],
      maxAgeMs: 15_000,
      now: () => clock().getTime(),
      load: async () => ({ items: (await news.active(clock())).map(toNewsItem).sort(compareNews) }),
    });
  }

  /** Held in memory, never older than a change a command reported done. */

  list(): Promise<CachedJson<NewsListResponse>> {
    return this.answer.get();
  }
}
