import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsResponse, AnalyticsWindow } from '@xsd/contracts/api/analytics';
import { getJson } from '../../../../lib/api-client';
import { adminKey } from '../../api/admin-query';

export function getAnalytics(days: AnalyticsWindow, { signal }: { signal?: AbortSignal } = {}): Promise<AnalyticsResponse> {
  return getJson<AnalyticsResponse>(`/api/admin/analytics?days=${days}`, { signal });
}

export function analyticsQueryOptions(days: AnalyticsWindow) {
  return queryOptions({
    queryKey: adminKey('analytics', String(days)),
    queryFn: ({ signal }) => getAnalytics(days, { signal }),
    retry: false,
    // Switching the window keeps the previous figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAdminAnalytics(days: AnalyticsWindow) {
  return useQuery(analyticsQueryOptions(days));
}
