import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCalendarEventsResponse } from '@xsd/contracts/api/admin-calendar';
import { getJson } from '../../../../lib/api-client';
import { adminKey } from '../../api/admin-query';

export const adminEventsQueryKey = adminKey('calendar-events');

export function getAdminEvents({ signal }: { signal?: AbortSignal } = {}): Promise<AdminCalendarEventsResponse> {
  return getJson<AdminCalendarEventsResponse>('/api/admin/calendar-events', { signal });
}

export function adminEventsQueryOptions() {
  return queryOptions({ queryKey: adminEventsQueryKey, queryFn: ({ signal }) => getAdminEvents({ signal }) });
}

export function useAdminEvents() {
  return useQuery(adminEventsQueryOptions());
}
