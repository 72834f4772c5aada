import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsListResponse } from '@xsd/contracts/api/news';
import { REFRESH } from '../../../config/site';
import { getJson } from '../../../lib/api-client';

export const newsQueryKey = ['news'] as const;

export function getNews({ signal }: { signal?: AbortSignal } = {}): Promise<NewsListResponse> {
  return getJson<NewsListResponse>('/api/news', { signal });
}

export function newsQueryOptions() {
  return queryOptions({
    queryKey: newsQueryKey,
    queryFn: ({ signal }) => getNews({ signal }),
    staleTime: REFRESH.news,
    refetchInterval: REFRESH.news,
    // News failures are ignored (spec section 8): keep the last list, show nothing new.
    retry: 1,
  });
}

export function useNews() {
  return useQuery(newsQueryOptions());
}
