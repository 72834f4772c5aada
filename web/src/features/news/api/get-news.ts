import type { NewsListResponse } from '@xsd/contracts/api/news';
import { polledQuery } from '../../../api/polled-query';
import { REFRESH } from '../../../config/site';
import { getJson } from '../../../lib/api-client';

export const newsQueryKey = ['news'] as const;

export function getNews({ signal }: { signal?: AbortSignal } = {}): Promise<NewsListResponse> {
  return getJson<NewsListResponse>('/api/news', { signal });
}

export const { options: newsQueryOptions, useRead: useNews } = polledQuery(newsQueryKey, getNews, {
  staleTime: REFRESH.news,
  refetchInterval: REFRESH.news,
  // News failures are ignored (spec section 8): keep the last list, show nothing new.
  retry: 1,
});
