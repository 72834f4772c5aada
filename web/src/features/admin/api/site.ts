import { queryOptions, useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { SiteSettings } from '@xsd/contracts/api/site';
import type { UpdateSiteSettingsRequest } from '@xsd/contracts/api/site-update';
import { getJson, sendJson } from '../../../lib/api-client';
import { adminKey } from './admin-query';

export const adminSiteQueryKey = adminKey('site');

export function adminSiteQueryOptions() {
  return queryOptions({
    queryKey: adminSiteQueryKey,
    queryFn: ({ signal }) => getJson<SiteSettings>('/api/site', { signal, cache: 'no-store' }),
    staleTime: 0,
  });
}

export function useAdminSite() {
  return useQuery(adminSiteQueryOptions());
}

/** `PUT /api/admin/site` answers the new settings once `GET /api/site` shows them. */
export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateSiteSettingsRequest) => sendJson<SiteSettings>('PUT', '/api/admin/site', request),
    onSuccess: (site) => {
      queryClient.setQueryData(adminSiteQueryKey, site);
      // The public screens of this tab (if any) follow too.
      queryClient.setQueryData(['site'], site);
    },
  });
}
