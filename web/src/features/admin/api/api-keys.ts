import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeysResponse, CreateApiKeyRequest, CreateApiKeyResponse } from '@xsd/contracts/api/admin-api-keys';
import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import { getJson, sendJson } from '../../../lib/api-client';
import { adminKey, useAdminMutation } from './admin-query';

export const adminApiKeysQueryKey = adminKey('api-keys');

export function useApiKeys() {
  return useQuery(
    queryOptions({ queryKey: adminApiKeysQueryKey, queryFn: ({ signal }) => getJson<ApiKeysResponse>('/api/admin/api-keys', { signal }) }),
  );
}

export function useCreateApiKey() {
  return useAdminMutation((request: CreateApiKeyRequest) => sendJson<CreateApiKeyResponse>('POST', '/api/admin/api-keys', request), [adminApiKeysQueryKey]);
}

export function useDeleteApiKey() {
  return useAdminMutation((id: string) => sendJson<DeletedResponse>('DELETE', `/api/admin/api-keys/${encodeURIComponent(id)}`), [adminApiKeysQueryKey]);
}
