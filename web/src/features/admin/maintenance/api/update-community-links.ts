import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCommunityLinksRequest } from '@xsd/contracts/api/community-links';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { sendJson } from '../../../../lib/api-client';
import { adminSiteQueryKey } from './get-site-settings';

/** `PATCH /api/admin/site/links` answers the whole site settings once `GET /api/site` shows the links. */
export function updateCommunityLinks(request: UpdateCommunityLinksRequest): Promise<SiteSettings> {
  return sendJson<SiteSettings>('PATCH', '/api/admin/site/links', request);
}

export function useUpdateCommunityLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCommunityLinks,
    onSuccess: (site) => {
      queryClient.setQueryData(adminSiteQueryKey, site);
      queryClient.setQueryData(['site'], site);
    },
  });
}
