import type { AdminCalendarEventResponse, CreateCalendarEventRequest } from '@xsd/contracts/api/admin-calendar';
import { sendJson } from '../../../../lib/api-client';
import { useAdminMutation } from '../../api/admin-query';
import { adminEventsQueryKey } from './get-calendar-events';

export function createEvent(request: CreateCalendarEventRequest): Promise<AdminCalendarEventResponse> {
  return sendJson<AdminCalendarEventResponse>('POST', '/api/admin/calendar-events', request);
}

export function useCreateEvent() {
  return useAdminMutation(createEvent, [adminEventsQueryKey]);
}
