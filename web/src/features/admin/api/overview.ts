import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverviewResponse } from '@xsd/contracts/api/admin-overview';
import { getJson } from '../../../lib/api-client';
import { adminKey } from './admin-query';

export function useAdminOverview() {
  return useQuery(
    queryOptions({
      queryKey: adminKey('overview'),
      queryFn: ({ signal }) => getJson<AdminOverviewResponse>('/api/admin/overview', { signal }),
      retry: false,
    }),
  );
}
