import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import type {
  AdminCalendarEventResponse,
  AdminCalendarEventsResponse,
  CreateCalendarEventRequest,
  UpdateCalendarEventRequest,
} from '@xsd/contracts/api/admin-calendar';
import { getJson, sendJson } from '../../../lib/api-client';
import { adminKey, useAdminMutation } from './admin-query';

export const adminEventsQueryKey = adminKey('calendar-events');
const itemPath = (id: string) => `/api/admin/calendar-events/${encodeURIComponent(id)}`;

export function useAdminEvents() {
  return useQuery(
    queryOptions({
      queryKey: adminEventsQueryKey,
      queryFn: ({ signal }) => getJson<AdminCalendarEventsResponse>('/api/admin/calendar-events', { signal }),
    }),
  );
}

export function useCreateEvent() {
  return useAdminMutation(
    (request: CreateCalendarEventRequest) => sendJson<AdminCalendarEventResponse>('POST', '/api/admin/calendar-events', request),
    [adminEventsQueryKey],
  );
}

export function useUpdateEvent() {
  return useAdminMutation(
    ({ id, changes }: { id: string; changes: UpdateCalendarEventRequest }) => sendJson<AdminCalendarEventResponse>('PATCH', itemPath(id), changes),
    [adminEventsQueryKey],
  );
}

export function useDeleteEvent() {
  return useAdminMutation((id: string) => sendJson<DeletedResponse>('DELETE', itemPath(id)), [adminEventsQueryKey]);
}
