import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminChainsResponse } from '@xsd/contracts/api/admin-chains';
import { getJson } from '../../../../lib/api-client';
import { adminKey } from '../../api/admin-query';

export const adminChainsQueryKey = adminKey('chains');

export function getAdminChains({ signal }: { signal?: AbortSignal } = {}): Promise<AdminChainsResponse> {
  return getJson<AdminChainsResponse>('/api/admin/chains', { signal });
}

export function adminChainsQueryOptions() {
  return queryOptions({ queryKey: adminChainsQueryKey, queryFn: ({ signal }) => getAdminChains({ signal }) });
}

export function useAdminChains() {
  return useQuery(adminChainsQueryOptions());
}
