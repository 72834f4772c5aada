import { useQueryClient } from '@tanstack/react-query';
import type { SilverHistoryResponse, SilverLatestResponse } from '@xsd/contracts/api/prices';
import type { SilverStreamData } from '@xsd/contracts/api/stream';
import { useCallback } from 'react';
import { useLiveEvent } from '../../../lib/live-stream/live-stream-provider';
import { silverHistoryQueryRoot } from '../api/get-silver-history';
import { silverLatestQueryKey } from '../api/get-silver-latest';
import { appendSilverTick, applySilverTick } from '../lib/live-silver';

/**
 * Applies live `silver` events to the cached silver stats and histories. When no reading was
 * known yet (404 before), the stats are fetched instead. Mount once per page.
 */
export function useLiveSilver(): void {
  const queryClient = useQueryClient();
  const onSilver = useCallback(
    (tick: SilverStreamData) => {
      const latest = queryClient.getQueryData<SilverLatestResponse>(silverLatestQueryKey);
      if (latest) queryClient.setQueryData(silverLatestQueryKey, applySilverTick(latest, tick));
      else void queryClient.invalidateQueries({ queryKey: silverLatestQueryKey });
      queryClient.setQueriesData<SilverHistoryResponse>({ queryKey: silverHistoryQueryRoot }, (history) =>
        history ? appendSilverTick(history, tick) : history,
      );
    },
    [queryClient],
  );
  useLiveEvent('silver', onSilver);
}
