import type { LatestPricesResponse } from '@xsd/contracts/api/prices';
import { polledQuery } from '../../../api/polled-query';
import { CACHE, REFRESH } from '../../../config/site';
import { getJson } from '../../../lib/api-client';

/** Under ['prices'] so a live `chain` event refetches it (rows carry each chain's status). */
export const latestPricesQueryKey = ['prices', 'latest'] as const;

export function getLatestPrices({ signal }: { signal?: AbortSignal } = {}): Promise<LatestPricesResponse> {
  return getJson<LatestPricesResponse>('/api/prices/latest', { signal });
}

export const { options: latestPricesQueryOptions, useRead: useLatestPrices } = polledQuery(latestPricesQueryKey, getLatestPrices, {
  staleTime: CACHE.latestPrices,
  refetchInterval: REFRESH.prices,
});
