import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChainName, TokenName } from '@xsd/contracts/chains/names';
import type { PriceHistoryResponse } from '@xsd/contracts/api/prices';
import { CACHE, HISTORY_BATCH, REFRESH } from '../../../config/site';
import { getJson } from '../../../lib/api-client';
import { createBatchQueue } from '../../../lib/batch-queue';

/** The dashboard's ranges: 24h, 7d, 30d. */
export const PRICE_RANGES = [
  { days: 1, label: '24h' },
  { days: 7, label: '7d' },
  { days: 30, label: '30d' },
] as const;
export type PriceRangeDays = (typeof PRICE_RANGES)[number]['days'];

export const priceHistoryQueryRoot = ['prices', 'history'] as const;

export function priceHistoryQueryKey(token: TokenName, chain: ChainName, days: number) {
  return [...priceHistoryQueryRoot, token, chain, days] as const;
}

// Every chain's history goes through one queue: 4 at a time, 100 ms between batches.
const historyQueue = createBatchQueue(HISTORY_BATCH);

export function getPriceHistory(
  token: TokenName,
  chain: ChainName,
  days: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PriceHistoryResponse> {
  const query = new URLSearchParams({ token, chain, days: String(days) });
  return historyQueue.run(() => getJson<PriceHistoryResponse>(`/api/prices/history?${query}`, { signal }));
}

export function priceHistoryQueryOptions(token: TokenName, chain: ChainName, days: number) {
  return queryOptions({
    queryKey: priceHistoryQueryKey(token, chain, days),
    queryFn: ({ signal }) => getPriceHistory(token, chain, days, { signal }),
    staleTime: CACHE.tokenHistory,
    refetchInterval: REFRESH.history,
    retry: 1,
  });
}

/** `enabled` false keeps the chart unloaded (the spec loads it only when the price is above 0). */
export function usePriceHistory(token: TokenName, chain: ChainName, days: number, enabled = true) {
  return useQuery({ ...priceHistoryQueryOptions(token, chain, days), enabled });
}
