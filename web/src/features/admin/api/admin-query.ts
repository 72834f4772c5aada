import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** Every admin query key starts with 'admin', so signing out drops them all. */
export const adminKey = (...parts: string[]) => ['admin', ...parts] as const;

/** `/api/admin/<resource>/<id>` with the id escaped. */
export const adminItemPath = (resource: string, id: string) => `/api/admin/${resource}/${encodeURIComponent(id)}`;

/** `GET /api/admin/<resource>`, a tab's list: its query key, its fetcher and its query options. */
export function adminListQuery<TResponse>(resource: string) {
  const queryKey = adminKey(resource);
  const fetchList = ({ signal }: { signal?: AbortSignal } = {}) => getJson<TResponse>(`/api/admin/${resource}`, { signal });
  return { queryKey, fetchList, options: () => queryOptions({ queryKey, queryFn: ({ signal }) => fetchList({ signal }) }) };
}

/** A mutation that refetches the lists it changes (the overview counts too). */
export function useAdminMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>, invalidates: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([...invalidates, adminKey('overview'), adminKey('activity')].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
