import { Injectable } from '@nestjs/common';
import type { AdminNewsItem } from '@xsd/contracts/api/admin-news';
import type { NewsItem } from '@xsd/contracts/api/news';
import type { Selectable } from 'kysely';
import { sanitizeContentHtml } from '../../content/html-sanitizer.js';
import type { BreakingNewsTable } from './breaking-news.table.js';
import { DatabaseRepository } from '../database-repository.js';

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

/** An item as the public banner shows it. */
export function toNewsItem(row: NewsRow): NewsItem {
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

/** An item as the Breaking News tab shows it: the public fields and who made it, when, and whether it notifies. */
export function toAdminNewsItem(row: AdminNewsRow): AdminNewsItem {
  return {
    ...toNewsItem(row),
    // The table's check constraint keeps the known types only.
    type: row.type as AdminNewsItem['type'],
    notify_users: row.notify_users,
    created_by: row.created_by,
    updated_at: row.updated_at.toISOString(),
  };
}

/** Reads of breaking_news. */
@Injectable()
export class BreakingNewsRepository extends DatabaseRepository {
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
