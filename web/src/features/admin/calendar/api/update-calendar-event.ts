import type { AdminCalendarEventResponse, UpdateCalendarEventRequest } from '@xsd/contracts/api/admin-calendar';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { adminEventsQueryKey } from './get-calendar-events';

export function updateEvent({ id, changes }: { id: string; changes: UpdateCalendarEventRequest }): Promise<AdminCalendarEventResponse> {
  return sendJson<AdminCalendarEventResponse>('PATCH', adminItemPath('calendar-events', id), changes);
}

export function useUpdateEvent() {
  return useAdminMutation(updateEvent, [adminEventsQueryKey]);
}
