import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import { REFRESH } from '../../../config/site';
import { getJson } from '../../../lib/api-client';

export const calendarEventsQueryKey = ['calendar', 'events'] as const;

export function getCalendarEvents({ signal }: { signal?: AbortSignal } = {}): Promise<CalendarEventsResponse> {
  return getJson<CalendarEventsResponse>('/api/calendar/events', { signal });
}

export function calendarEventsQueryOptions() {
  return queryOptions({
    queryKey: calendarEventsQueryKey,
    queryFn: ({ signal }) => getCalendarEvents({ signal }),
    staleTime: REFRESH.upcomingEvents,
    refetchInterval: REFRESH.upcomingEvents,
    retry: 1,
  });
}

export function useCalendarEvents() {
  return useQuery(calendarEventsQueryOptions());
}
