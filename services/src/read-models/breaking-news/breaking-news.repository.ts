import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { DATABASE } from '../../core/injection-tokens.js';
import type { DatabaseHandle, Db } from '../../database/database.js';
import type { BreakingNewsTable } from './breaking-news.table.js';

export type AdminNewsRow = Selectable<BreakingNewsTable>;

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
@Injectable()
export class BreakingNewsRepository {
  private readonly db: Db;

  constructor(@Inject(DATABASE) database: Pick<DatabaseHandle, 'db'>) {
    this.db = database.db;
  }

  /**
   * The public list: active, not expired at `now` (the SQL form of contracts' isNewsShown). The
   * service orders it with contracts' compareNews, the rule the web sorts by too.
   */
  async active(now: Date): Promise<NewsRow[]> {
    return this.db
      .selectFrom('breaking_news')
      .select(['id', 'title', 'content', 'type', 'priority', 'is_active', 'expires_at', 'created_at'])
      .where('is_active', '=', true)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .execute();
  }

  /** The Breaking News tab: every item, newest first. */
  async all(): Promise<AdminNewsRow[]> {
    return this.db.selectFrom('breaking_news').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  async byId(id: string): Promise<AdminNewsRow | undefined> {
    return this.db.selectFrom('breaking_news').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
