import type { QueryClient } from '@tanstack/react-query';
import { isSiteSettings, type SiteSettings, type SiteSettingsResponse } from '@xsd/contracts/api/site';
import { useMemo } from 'react';
import { communityLinks, type ResolvedCommunityLinks } from '../config/social-links';
import { REFRESH } from '../config/site';
import { getJson } from '../lib/api-client';
import { isPastExpectedUpTime } from '../lib/maintenance-time';
import { polledQuery } from './polled-query';

export const siteQueryKey = ['site'] as const;

/** Re-read quickly once the announced end time has passed, until the server has ended maintenance. */
const OVERDUE_REFRESH_MS = 5_000;

export async function getSite({ signal }: { signal?: AbortSignal } = {}): Promise<SiteSettings> {
  const body = await getJson<SiteSettingsResponse>('/api/site', { signal, cache: 'no-store' });
  if (!isSiteSettings(body)) throw new Error('Invalid response format from server');
  return body;
}

export const { options: siteQueryOptions, useRead: useSite } = polledQuery(siteQueryKey, getSite, {
  staleTime: 0,
  refetchInterval: (query) => (isPastExpectedUpTime(query.state.data, Date.now()) ? OVERDUE_REFRESH_MS : REFRESH.maintenance),
  refetchIntervalInBackground: true,
  // Maintenance read failures are ignored (spec section 8): the last known state stays.
  retry: 1,
});

/** The live stream's `site` event carries the whole settings object: use it as is. */
export function applySiteEvent(queryClient: QueryClient, data: SiteSettings): void {
  queryClient.setQueryData(siteQueryKey, data);
}

/**
 * The community links as staff set them (live: the stream's `site` event and the poll above),
 * each link staff never set falling back to its build-time seed.
 */
export function useCommunityLinks(): ResolvedCommunityLinks {
  const { data } = useSite();
  const set = data?.community_links;
  return useMemo(() => communityLinks(set), [set]);
}
