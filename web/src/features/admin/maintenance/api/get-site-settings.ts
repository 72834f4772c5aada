import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { getJson } from '../../../../lib/api-client';
import { adminKey } from '../../api/admin-query';

export const adminSiteQueryKey = adminKey('site');

/** The public settings read uncached, so the tab shows a change the moment it is made. */
export function getSiteSettings({ signal }: { signal?: AbortSignal } = {}): Promise<SiteSettings> {
  return getJson<SiteSettings>('/api/site', { signal, cache: 'no-store' });
}

export function adminSiteQueryOptions() {
  return queryOptions({ queryKey: adminSiteQueryKey, queryFn: ({ signal }) => getSiteSettings({ signal }), staleTime: 0 });
}

export function useAdminSite() {
  return useQuery(adminSiteQueryOptions());
}
