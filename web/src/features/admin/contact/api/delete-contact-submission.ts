import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { contactSubmissionsQueryKey } from './get-contact-submissions';

export function deleteContactSubmission(id: string): Promise<DeletedResponse> {
  return sendJson<DeletedResponse>('DELETE', adminItemPath('contact-submissions', id));
}

export function useDeleteContactSubmission() {
  return useAdminMutation(deleteContactSubmission, [contactSubmissionsQueryKey]);
}
