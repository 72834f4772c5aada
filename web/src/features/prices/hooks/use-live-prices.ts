import { useQueryClient } from '@tanstack/react-query';
import type { LatestPricesResponse, PriceHistoryResponse } from '@xsd/contracts/api/prices';
import type { PriceStreamData } from '@xsd/contracts/api/stream';
import { useCallback } from 'react';
import { useLiveEvent } from '../../../lib/live-stream/live-stream-provider';
import { latestPricesQueryKey } from '../api/get-latest-prices';
import { priceHistoryQueryRoot } from '../api/get-price-history';
import { appendHistoryTick, applyPriceRow } from '../lib/live-prices';

/**
 * Applies live `price` events: the server's row replaces the cached latest-prices row, and the
 * reading is appended to every cached history of that token and chain, so the dashboard moves
 * without a reload. Mount once per page.
 */
export function useLivePrices(): void {
  const queryClient = useQueryClient();
  const onPrice = useCallback(
    (row: PriceStreamData) => {
      queryClient.setQueryData<LatestPricesResponse>(latestPricesQueryKey, (latest) => (latest ? applyPriceRow(latest, row) : latest));
      queryClient.setQueriesData<PriceHistoryResponse>(
        { queryKey: [...priceHistoryQueryRoot, row.token_name, row.chain_name] },
        (history) => (history ? appendHistoryTick(history, row) : history),
      );
    },
    [queryClient],
  );
  useLiveEvent('price', onPrice);
}
