import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PegHealthResponse } from '@xsd/contracts/api/peg';
import { CACHE, REFRESH } from '../../../config/site';
import { getJson } from '../../../lib/api-client';

export const pegHealthQueryRoot = ['silver', 'peg'] as const;

export function getPegHealth(days: number, { signal }: { signal?: AbortSignal } = {}): Promise<PegHealthResponse> {
  return getJson<PegHealthResponse>(`/api/prices/peg?days=${days}`, { signal });
}

/** Polled like the silver chart; the tracker's Refresh invalidates it too. */
export function pegHealthQueryOptions(days: number) {
  return queryOptions({
    queryKey: [...pegHealthQueryRoot, days] as const,
    queryFn: ({ signal }) => getPegHealth(days, { signal }),
    staleTime: CACHE.silverHistory,
    refetchInterval: REFRESH.silverChart,
  });
}

export function usePegHealth(days: number) {
  return useQuery(pegHealthQueryOptions(days));
}
