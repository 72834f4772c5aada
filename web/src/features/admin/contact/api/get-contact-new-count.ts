import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTACT_NEW_COUNT_REFRESH_MS } from '@xsd/contracts/api/contact';
import { getJson } from '../../../../lib/api-client';
import { useLiveEvent } from '../../../../lib/live-stream/live-stream-provider';
import { adminKey } from '../../api/admin-query';
import { contactSubmissionsQueryKey } from './get-contact-submissions';

/** Under the submissions' key, so every change to a submission refetches the count too. */
export const contactNewCountQueryKey = adminKey('contact-submissions', 'new-count');

export function getContactNewCount({ signal }: { signal?: AbortSignal } = {}): Promise<{ count: number }> {
  return getJson<{ count: number }>('/api/admin/contact-submissions/new-count', { signal });
}

export function contactNewCountQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: contactNewCountQueryKey,
    queryFn: ({ signal }) => getContactNewCount({ signal }),
    enabled,
    refetchInterval: CONTACT_NEW_COUNT_REFRESH_MS,
  });
}

/** The bell's count: every 5 minutes, and at once when a message arrives (the live 'contact' message). */
export function useContactNewCount(enabled: boolean) {
  const queryClient = useQueryClient();
  useLiveEvent('contact', () => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: contactSubmissionsQueryKey });
  });
  return useQuery(contactNewCountQueryOptions(enabled));
}
