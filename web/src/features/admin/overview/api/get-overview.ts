import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverviewResponse } from '@xsd/contracts/api/admin-overview';
import { getJson } from '../../../../lib/api-client';
import { adminKey } from '../../api/admin-query';

export function getAdminOverview({ signal }: { signal?: AbortSignal } = {}): Promise<AdminOverviewResponse> {
  return getJson<AdminOverviewResponse>('/api/admin/overview', { signal });
}

export function adminOverviewQueryOptions() {
  return queryOptions({ queryKey: adminKey('overview'), queryFn: ({ signal }) => getAdminOverview({ signal }), retry: false });
}

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
