import { useQuery } from '@tanstack/react-query';
import type { AdminCalendarEventsResponse } from '@xsd/contracts/api/admin-calendar';
import { adminListQuery } from '../../api/admin-query';

/** `GET /api/admin/calendar-events`. */
export const adminEventsQuery = adminListQuery<AdminCalendarEventsResponse>('calendar-events');
export const adminEventsQueryKey = adminEventsQuery.queryKey;

export function useAdminEvents() {
  return useQuery(adminEventsQuery.options());
}
