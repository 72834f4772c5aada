import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatestPricesResponse } from '@xsd/contracts/api/prices';
import { CACHE, REFRESH } from '../../../config/site';
import { getJson } from '../../../lib/api-client';

/** Under ['prices'] so a live `chain` event refetches it (rows carry each chain's status). */
export const latestPricesQueryKey = ['prices', 'latest'] as const;

export function getLatestPrices({ signal }: { signal?: AbortSignal } = {}): Promise<LatestPricesResponse> {
  return getJson<LatestPricesResponse>('/api/prices/latest', { signal });
}

export function latestPricesQueryOptions() {
  return queryOptions({
    queryKey: latestPricesQueryKey,
    queryFn: ({ signal }) => getLatestPrices({ signal }),
    staleTime: CACHE.latestPrices,
    refetchInterval: REFRESH.prices,
  });
}

export function useLatestPrices() {
  return useQuery(latestPricesQueryOptions());
}
