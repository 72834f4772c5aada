/**
 * `GET /api/news`: the active, unexpired breaking-news items (announcements banner), in the
 * order of {@link compareNews}. The server lists them by {@link activeNews} at its clock; the web
 * applies the same rule again at the visitor's clock, so an item expiring meanwhile goes away.
 */

/** Types with their own banner style; any other value is shown with a megaphone. */
export const NEWS_TYPES = ['info', 'warning', 'success', 'error'] as const;
export type KnownNewsType = (typeof NEWS_TYPES)[number];
/** `(string & {})` keeps editor completion for the known types while accepting any other text. */
export type NewsType = KnownNewsType | 'other' | (string & {});

/** Priority is an integer 1 to 5; 4 or more is urgent ('High Priority'). */
export const NEWS_URGENT_PRIORITY = 4;

export interface NewsItem {
  readonly id: string;
  readonly title: string;
  /** HTML, sanitised by the server before it is stored and by the client before it is rendered. */
  readonly content: string;
  readonly type: NewsType;
  readonly priority: number;
  readonly is_active: boolean;
  /** ISO 8601 instant, or null for "never expires". */
  readonly expires_at: string | null;
  /** ISO 8601 instant. */
  readonly created_at: string;
}

export interface NewsListResponse {
  readonly items: readonly NewsItem[];
}

export function isKnownNewsType(type: string): type is KnownNewsType {
  return (NEWS_TYPES as readonly string[]).includes(type);
}

/** Shown at `now` (ms): switched on, and without an expiry or one still ahead (at `now` it has passed). */
export function isNewsShown(item: Pick<NewsItem, 'is_active' | 'expires_at'>, now: number): boolean {
  return item.is_active && (item.expires_at === null || Date.parse(item.expires_at) > now);
}

/** The banner's order: priority descending, then newest first, then id descending so ties are stable. */
export function compareNews(a: NewsItem, b: NewsItem): number {
  return (
    b.priority - a.priority ||
    Date.parse(b.created_at) - Date.parse(a.created_at) ||
    (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
  );
}

/** The items shown at `now` (ms), in the banner's order. */
export function activeNews(items: readonly NewsItem[], now: number): NewsItem[] {
  return items.filter((item) => isNewsShown(item, now)).sort(compareNews);
}
