import type { ChannelResponse, UpdateChannelRequest } from '@xsd/contracts/api/admin-channels';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { adminChannelsQueryKey } from './get-channels';

export function updateChannel({ id, changes }: { readonly id: string; readonly changes: UpdateChannelRequest }): Promise<ChannelResponse> {
  return sendJson<ChannelResponse>('PATCH', adminItemPath('channels', id), changes);
}

export function useUpdateChannel() {
  return useAdminMutation(updateChannel, [adminChannelsQueryKey]);
}
