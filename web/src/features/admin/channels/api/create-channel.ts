import type { CreateChannelRequest, CreateChannelResponse } from '@xsd/contracts/api/admin-channels';
import { sendJson } from '../../../../lib/api-client';
import { useAdminMutation } from '../../api/admin-query';
import { adminChannelsQueryKey } from './get-channels';

export function createChannel(request: CreateChannelRequest): Promise<CreateChannelResponse> {
  return sendJson<CreateChannelResponse>('POST', '/api/admin/channels', request);
}

export function useCreateChannel() {
  return useAdminMutation(createChannel, [adminChannelsQueryKey]);
}
