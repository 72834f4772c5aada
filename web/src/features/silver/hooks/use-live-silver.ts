import { useQueryClient } from '@tanstack/react-query';
import type { SilverHistoryResponse, SilverLatestResponse } from '@xsd/contracts/api/prices';
import type { SilverStreamData } from '@xsd/contracts/api/stream';
import { useCallback } from 'react';
import { useLiveEvent } from '../../../lib/live-stream/live-stream-provider';
import { silverHistoryQueryRoot } from '../api/get-silver-history';
import { silverLatestQueryKey } from '../api/get-silver-latest';
import { appendSilverTick, latestSilver } from '../lib/live-silver';

/**
 * Applies live `silver` events: the server's body replaces the cached silver stats (also when
 * none was known yet, a 404 before), and the reading is appended to the cached histories.
 * Mount once per page.
 */
export function useLiveSilver(): void {
  const queryClient = useQueryClient();
  const onSilver = useCallback(
    (tick: SilverStreamData) => {
      queryClient.setQueryData<SilverLatestResponse>(silverLatestQueryKey, (held) => latestSilver(held, tick));
      queryClient.setQueriesData<SilverHistoryResponse>({ queryKey: silverHistoryQueryRoot }, (history) =>
        history ? appendSilverTick(history, tick) : history,
      );
    },
    [queryClient],
  );
  useLiveEvent('silver', onSilver);
}
