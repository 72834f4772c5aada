import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminNewsListResponse } from '@xsd/contracts/api/admin-news';
import { getJson } from '../../../../lib/api-client';
import { adminKey } from '../../api/admin-query';

export const adminNewsQueryKey = adminKey('news');

export function getAdminNews({ signal }: { signal?: AbortSignal } = {}): Promise<AdminNewsListResponse> {
  return getJson<AdminNewsListResponse>('/api/admin/news', { signal });
}

export function adminNewsQueryOptions() {
  return queryOptions({ queryKey: adminNewsQueryKey, queryFn: ({ signal }) => getAdminNews({ signal }) });
}

export function useAdminNews() {
  return useQuery(adminNewsQueryOptions());
}
