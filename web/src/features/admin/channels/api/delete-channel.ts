import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { adminChannelsQueryKey } from './get-channels';

export function deleteChannel(id: string): Promise<DeletedResponse> {
  return sendJson<DeletedResponse>('DELETE', adminItemPath('channels', id));
}

export function useDeleteChannel() {
  return useAdminMutation(deleteChannel, [adminChannelsQueryKey]);
}
