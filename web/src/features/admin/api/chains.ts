import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminChainResponse, AdminChainsResponse, UpdateChainSettingRequest } from '@xsd/contracts/api/admin-chains';
import { getJson, sendJson } from '../../../lib/api-client';
import { adminKey, useAdminMutation } from './admin-query';

export const adminChainsQueryKey = adminKey('chains');

export function useAdminChains() {
  return useQuery(
    queryOptions({ queryKey: adminChainsQueryKey, queryFn: ({ signal }) => getJson<AdminChainsResponse>('/api/admin/chains', { signal }) }),
  );
}

export function useUpdateChain() {
  return useAdminMutation(
    ({ chain, changes }: { chain: string; changes: UpdateChainSettingRequest }) =>
      sendJson<AdminChainResponse>('PATCH', `/api/admin/chains/${encodeURIComponent(chain)}`, changes),
    [adminChainsQueryKey],
  );
}
