import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { adminApiKeysQueryKey } from './get-api-keys';

export function deleteApiKey(id: string): Promise<DeletedResponse> {
  return sendJson<DeletedResponse>('DELETE', adminItemPath('api-keys', id));
}

export function useDeleteApiKey() {
  return useAdminMutation(deleteApiKey, [adminApiKeysQueryKey]);
}
