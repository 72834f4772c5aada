import { useQuery } from '@tanstack/react-query';
import type { ApiKeysResponse } from '@xsd/contracts/api/admin-api-keys';
import { adminListQuery } from '../../api/admin-query';

/** `GET /api/admin/api-keys`. */
export const adminApiKeysQuery = adminListQuery<ApiKeysResponse>('api-keys');
export const adminApiKeysQueryKey = adminApiKeysQuery.queryKey;

export function useApiKeys() {
  return useQuery(adminApiKeysQuery.options());
}
