import { isKnownNewsType, NEWS_URGENT_PRIORITY, type KnownNewsType, type NewsItem } from '@xsd/contracts/api/news';

export type NewsTone = KnownNewsType | 'other';

export interface NewsStyle {
  readonly tone: NewsTone;
  /** Glyph shown before the title; 'megaphone' is drawn as an icon. */
  readonly icon: string;
  /** Short tag read out with the banner. */
  readonly label: string;
}

const STYLES: Record<NewsTone, NewsStyle> = {
  info: { tone: 'info', icon: 'ℹ', label: 'INFO' },
  warning: { tone: 'warning', icon: '⚠', label: 'WARNING' },
  success: { tone: 'success', icon: '✔', label: 'UPDATE' },
  error: { tone: 'error', icon: '✖', label: 'ALERT' },
  other: { tone: 'other', icon: 'megaphone', label: 'ANNOUNCEMENT' },
};

/** info, warning, success and error have their own style; any other type gets the megaphone. */
export function newsStyle(type: string): NewsStyle {
  return isKnownNewsType(type) ? STYLES[type] : STYLES.other;
}

/** Priority 4 or more: 'High Priority' tag, highlighted as urgent. */
export function isUrgent(item: Pick<NewsItem, 'priority'>): boolean {
  return item.priority >= NEWS_URGENT_PRIORITY;
}

/** Splits the active list into what is shown and what the visitor dismissed (same order). */
export function partitionDismissed(
  items: readonly NewsItem[],
  dismissedIds: readonly string[],
): { readonly shown: NewsItem[]; readonly dismissed: NewsItem[] } {
  const dismissed = new Set(dismissedIds);
  return {
    shown: items.filter((item) => !dismissed.has(item.id)),
    dismissed: items.filter((item) => dismissed.has(item.id)),
  };
}

/** Dismissed ids as stored; anything that is not a list of strings counts as none. */
export function parseDismissedIds(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter((id) => typeof id === 'string' || typeof id === 'number').map(String);
}
