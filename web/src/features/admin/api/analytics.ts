import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsResponse, AnalyticsWindow } from '@xsd/contracts/api/analytics';
import { getJson } from '../../../lib/api-client';
import { adminKey } from './admin-query';

export function analyticsQuery(days: AnalyticsWindow) {
  return queryOptions({
    queryKey: adminKey('analytics', String(days)),
    queryFn: ({ signal }) => getJson<AnalyticsResponse>(`/api/admin/analytics?days=${days}`, { signal }),
    retry: false,
    // Switching the window keeps the previous figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAdminAnalytics(days: AnalyticsWindow) {
  return useQuery(analyticsQuery(days));
}
