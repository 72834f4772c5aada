import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeysResponse } from '@xsd/contracts/api/admin-api-keys';
import { getJson } from '../../../../lib/api-client';
import { adminKey } from '../../api/admin-query';

export const adminApiKeysQueryKey = adminKey('api-keys');

export function getApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<ApiKeysResponse> {
  return getJson<ApiKeysResponse>('/api/admin/api-keys', { signal });
}

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: adminApiKeysQueryKey, queryFn: ({ signal }) => getApiKeys({ signal }) });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
