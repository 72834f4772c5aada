import type { CreateApiKeyRequest, CreateApiKeyResponse } from '@xsd/contracts/api/admin-api-keys';
import { sendJson } from '../../../../lib/api-client';
import { useAdminMutation } from '../../api/admin-query';
import { adminApiKeysQueryKey } from './get-api-keys';

export function createApiKey(request: CreateApiKeyRequest): Promise<CreateApiKeyResponse> {
  return sendJson<CreateApiKeyResponse>('POST', '/api/admin/api-keys', request);
}

export function useCreateApiKey() {
  return useAdminMutation(createApiKey, [adminApiKeysQueryKey]);
}
