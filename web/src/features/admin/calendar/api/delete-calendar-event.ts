import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { adminEventsQueryKey } from './get-calendar-events';

export function deleteEvent(id: string): Promise<DeletedResponse> {
  return sendJson<DeletedResponse>('DELETE', adminItemPath('calendar-events', id));
}

export function useDeleteEvent() {
  return useAdminMutation(deleteEvent, [adminEventsQueryKey]);
}
