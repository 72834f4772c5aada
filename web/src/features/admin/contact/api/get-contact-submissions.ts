import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactSubmissionListResponse } from '@xsd/contracts/api/contact';
import { getJson } from '../../../../lib/api-client';
import { adminKey } from '../../api/admin-query';

export const contactSubmissionsQueryKey = adminKey('contact-submissions');

export function getContactSubmissions({ signal }: { signal?: AbortSignal } = {}): Promise<ContactSubmissionListResponse> {
  return getJson<ContactSubmissionListResponse>('/api/admin/contact-submissions', { signal });
}

export function contactSubmissionsQueryOptions() {
  return queryOptions({ queryKey: contactSubmissionsQueryKey, queryFn: ({ signal }) => getContactSubmissions({ signal }) });
}

export function useContactSubmissions() {
  return useQuery(contactSubmissionsQueryOptions());
}
