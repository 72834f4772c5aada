import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** Every admin query key starts with 'admin', so signing out drops them all. */
export const adminKey = (...parts: string[]) => ['admin', ...parts] as const;

/** `/api/admin/<resource>/<id>` with the id escaped. */
export const adminItemPath = (resource: string, id: string) => `/api/admin/${resource}/${encodeURIComponent(id)}`;

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
