import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import type { StreamEvent } from '@xsd/contracts/api/stream';
import { useCallback, useState, type ReactNode } from 'react';
import { calendarEventsQueryKey } from '../features/calendar/api/get-calendar-events';
import { applySiteEvent } from '../api/get-site';
import { newsQueryKey } from '../features/news/api/get-news';
import { LiveStreamProvider } from '../lib/live-stream/live-stream-provider';
import { createQueryClient } from '../lib/query-client';

/**
 * Key roots of the queries a chain status change touches: `GET /api/chains` and the latest
 * prices (their rows carry each chain's status). The dashboard's features must use these prefixes.
 */
export const CHAIN_STATUS_QUERY_ROOTS = [['chains'], ['prices']] as const;

/** Live events that change read models the page already holds: refetch or replace them. */
function LiveInvalidation({ children }: { readonly children: ReactNode }) {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: StreamEvent) => {
      switch (event.type) {
        case 'news':
          void queryClient.invalidateQueries({ queryKey: newsQueryKey });
          break;
        case 'calendar':
          void queryClient.invalidateQueries({ queryKey: calendarEventsQueryKey });
          break;
        case 'chain':
          for (const queryKey of CHAIN_STATUS_QUERY_ROOTS) void queryClient.invalidateQueries({ queryKey });
          break;
        case 'site':
          applySiteEvent(queryClient, event.data);
          break;
        case 'price':
        case 'silver':
          // Price widgets subscribe to these with useLiveEvent.
          break;
        case 'contact':
          // Only the admin header's bell cares; it subscribes with useLiveEvent.
          break;
        default: {
          const unreachable: never = event;
          return unreachable;
        }
      }
    },
    [queryClient],
  );
  return <LiveStreamProvider onEvent={onEvent}>{children}</LiveStreamProvider>;
}

export function AppProvider({ children }: { readonly children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveInvalidation>{children}</LiveInvalidation>
    </QueryClientProvider>
  );
}
