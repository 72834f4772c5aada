import type { ContactSubmissionResponse, UpdateContactSubmission } from '@xsd/contracts/api/contact';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { contactSubmissionsQueryKey } from './get-contact-submissions';

export function updateContactSubmission({ id, change }: { id: string; change: UpdateContactSubmission }): Promise<ContactSubmissionResponse> {
  return sendJson<ContactSubmissionResponse>('PATCH', adminItemPath('contact-submissions', id), change);
}

export function useUpdateContactSubmission() {
  return useAdminMutation(updateContactSubmission, [contactSubmissionsQueryKey]);
}
