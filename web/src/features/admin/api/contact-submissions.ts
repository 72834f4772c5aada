import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import {
  CONTACT_NEW_COUNT_REFRESH_MS,
  type ContactSubmissionListResponse,
  type ContactSubmissionResponse,
  type UpdateContactSubmission,
} from '@xsd/contracts/api/contact';
import { getJson, sendJson } from '../../../lib/api-client';
import { useLiveEvent } from '../../../lib/live-stream/live-stream-provider';
import { adminKey, useAdminMutation } from './admin-query';

export const contactSubmissionsQueryKey = adminKey('contact-submissions');
export const contactNewCountQueryKey = adminKey('contact-submissions', 'new-count');
const itemPath = (id: string) => `/api/admin/contact-submissions/${encodeURIComponent(id)}`;

export function useContactSubmissions() {
  return useQuery(
    queryOptions({
      queryKey: contactSubmissionsQueryKey,
      queryFn: ({ signal }) => getJson<ContactSubmissionListResponse>('/api/admin/contact-submissions', { signal }),
    }),
  );
}

/** The bell's count: every 5 minutes, and at once when a message arrives (the live 'contact' message). */
export function useContactNewCount(enabled: boolean) {
  const queryClient = useQueryClient();
  useLiveEvent('contact', () => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: contactSubmissionsQueryKey });
  });
  return useQuery(
    queryOptions({
      queryKey: contactNewCountQueryKey,
      queryFn: ({ signal }) => getJson<{ count: number }>('/api/admin/contact-submissions/new-count', { signal }),
      enabled,
      refetchInterval: CONTACT_NEW_COUNT_REFRESH_MS,
    }),
  );
}

export function useUpdateContactSubmission() {
  return useAdminMutation(
    ({ id, change }: { id: string; change: UpdateContactSubmission }) => sendJson<ContactSubmissionResponse>('PATCH', itemPath(id), change),
    [contactSubmissionsQueryKey],
  );
}

export function useDeleteContactSubmission() {
  return useAdminMutation((id: string) => sendJson<DeletedResponse>('DELETE', itemPath(id)), [contactSubmissionsQueryKey]);
}

/** The photo as a file the browser saves (the session cookie goes along: same origin). */
export async function downloadPhoto(path: string, fileName: string): Promise<void> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Photo download failed with status ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
  } finally {
    // After the click has handed the blob to the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
