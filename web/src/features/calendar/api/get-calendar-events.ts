import type { CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import { polledQuery } from '../../../api/polled-query';
import { REFRESH } from '../../../config/site';
import { getJson } from '../../../lib/api-client';

export const calendarEventsQueryKey = ['calendar', 'events'] as const;

export function getCalendarEvents({ signal }: { signal?: AbortSignal } = {}): Promise<CalendarEventsResponse> {
  return getJson<CalendarEventsResponse>('/api/calendar/events', { signal });
}

export const { options: calendarEventsQueryOptions, useRead: useCalendarEvents } = polledQuery(calendarEventsQueryKey, getCalendarEvents, {
  staleTime: REFRESH.upcomingEvents,
  refetchInterval: REFRESH.upcomingEvents,
  retry: 1,
});
