import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '@xsd/contracts/api/site';
import type { UpdateSiteSettingsRequest } from '@xsd/contracts/api/site-update';
import { sendJson } from '../../../../lib/api-client';
import { adminSiteQueryKey } from './get-site-settings';

/** `PUT /api/admin/site` answers the new settings once `GET /api/site` shows them. */
export function updateSiteSettings(request: UpdateSiteSettingsRequest): Promise<SiteSettings> {
  return sendJson<SiteSettings>('PUT', '/api/admin/site', request);
}

export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSettings,
    onSuccess: (site) => {
      queryClient.setQueryData(adminSiteQueryKey, site);
      // The public screens of this tab (if any) follow too.
      queryClient.setQueryData(['site'], site);
    },
  });
}
