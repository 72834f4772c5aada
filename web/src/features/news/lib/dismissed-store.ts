import { useCallback } from 'react';
import { useStoredJson } from '../../../lib/storage';
import { parseDismissedIds } from './news-logic';

/** Local storage key of the dismissed announcement ids (spec section 3). */
export const DISMISSED_NEWS_KEY = 'dismissed_breaking_news';

/** Window events other parts of the page may listen to (spec section 3). */
export const NEWS_DISMISSED_EVENT = 'breakingNewsDismissed';
export const NEWS_RESTORED_EVENT = 'breakingNewsRestored';

export function useDismissedNews() {
  const [ids, setIds] = useStoredJson(DISMISSED_NEWS_KEY, parseDismissedIds);

  const dismiss = useCallback(
    (id: string) => {
      if (ids.includes(id)) return;
      setIds([...ids, id]);
      window.dispatchEvent(new CustomEvent(NEWS_DISMISSED_EVENT, { detail: { id } }));
    },
    [ids, setIds],
  );

  const restoreAll = useCallback(() => {
    setIds([]);
    window.dispatchEvent(new CustomEvent(NEWS_RESTORED_EVENT));
  }, [setIds]);

  return { dismissedIds: ids, dismiss, restoreAll };
}
