import { useQuery } from '@tanstack/react-query';
import type { ContactSubmissionListResponse } from '@xsd/contracts/api/contact';
import { adminListQuery } from '../../api/admin-query';

/** `GET /api/admin/contact-submissions`. */
export const contactSubmissionsQuery = adminListQuery<ContactSubmissionListResponse>('contact-submissions');
export const contactSubmissionsQueryKey = contactSubmissionsQuery.queryKey;

export function useContactSubmissions() {
  return useQuery(contactSubmissionsQuery.options());
}
