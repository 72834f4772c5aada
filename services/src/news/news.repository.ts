import type { Kysely } from 'kysely';
import type { DB } from '../database/schema.js';

export interface NewsRow {
  readonly id: string;
  readonly title: string;
  readonly content: string;
  readonly type: string;
  readonly priority: number;
  readonly is_active: boolean;
  readonly expires_at: Date | null;
  readonly created_at: Date;
}

/** Reads of breaking_news. */
export class NewsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The public list: active, not expired at `now`, by priority then newest (id breaks ties). */
  async active(now: Date): Promise<NewsRow[]> {
    return this.db
      .selectFrom('breaking_news')
      .select(['id', 'title', 'content', 'type', 'priority', 'is_active', 'expires_at', 'created_at'])
      .where('is_active', '=', true)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('priority', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }
}
