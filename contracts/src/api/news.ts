/**
 * `GET /api/news`: the active, unexpired breaking-news items (announcements banner).
 * The server orders them by priority descending, then created_at descending; clients sort again.
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
