import { useQueryClient } from '@tanstack/react-query';
import type { LatestPricesResponse, PriceHistoryResponse } from '@xsd/contracts/api/prices';
import type { PriceStreamData } from '@xsd/contracts/api/stream';
import { useCallback } from 'react';
import { useLiveEvent } from '../../../lib/live-stream/live-stream-provider';
import { latestPricesQueryKey } from '../api/get-latest-prices';
import { priceHistoryQueryRoot } from '../api/get-price-history';
import { appendHistoryTick, applyPriceTick } from '../lib/live-prices';

/**
 * Applies live `price` events to the cached latest prices and to every cached history of that
 * token and chain, so the dashboard moves without a reload. Mount once per page.
 */
export function useLivePrices(): void {
  const queryClient = useQueryClient();
  const onPrice = useCallback(
    (tick: PriceStreamData) => {
      queryClient.setQueryData<LatestPricesResponse>(latestPricesQueryKey, (latest) => (latest ? applyPriceTick(latest, tick) : latest));
      queryClient.setQueriesData<PriceHistoryResponse>(
        { queryKey: [...priceHistoryQueryRoot, tick.token_name, tick.chain_name] },
        (history) => (history ? appendHistoryTick(history, tick) : history),
      );
    },
    [queryClient],
  );
  useLiveEvent('price', onPrice);
}
