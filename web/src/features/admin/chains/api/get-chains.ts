import { useQuery } from '@tanstack/react-query';
import type { AdminChainsResponse } from '@xsd/contracts/api/admin-chains';
import { adminListQuery } from '../../api/admin-query';

/** `GET /api/admin/chains`. */
export const adminChainsQuery = adminListQuery<AdminChainsResponse>('chains');
export const adminChainsQueryKey = adminChainsQuery.queryKey;

export function useAdminChains() {
  return useQuery(adminChainsQuery.options());
}
