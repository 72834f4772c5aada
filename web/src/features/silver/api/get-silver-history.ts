import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SilverHistoryResponse } from '@xsd/contracts/api/prices';
import { CACHE, REFRESH } from '../../../config/site';
import { getJson } from '../../../lib/api-client';
import { readStoredDayHistory, storeDayHistory } from '../lib/silver-history-cache';

export const silverHistoryQueryRoot = ['silver', 'history'] as const;

export function silverHistoryQueryKey(days: number) {
  return [...silverHistoryQueryRoot, days] as const;
}

export async function getSilverHistory(days: number, { signal }: { signal?: AbortSignal } = {}): Promise<SilverHistoryResponse> {
  const history = await getJson<SilverHistoryResponse>(`/api/silver/history?days=${days}`, { signal });
  if (days === 1) storeDayHistory(history);
  return history;
}

export function silverHistoryQueryOptions(days: number) {
  return queryOptions({
    queryKey: silverHistoryQueryKey(days),
    queryFn: ({ signal }) => getSilverHistory(days, { signal }),
    staleTime: CACHE.silverHistory,
    refetchInterval: REFRESH.silverChart,
    // The last 24 h kept in this browser paints the 1D chart at once; it is refetched behind it.
    initialData: days === 1 ? readStoredDayHistory : undefined,
    initialDataUpdatedAt: 0,
  });
}

export function useSilverHistory(days: number) {
  return useQuery(silverHistoryQueryOptions(days));
}
