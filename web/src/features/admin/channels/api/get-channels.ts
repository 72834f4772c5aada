import { useQuery } from '@tanstack/react-query';
import type { ChannelsResponse } from '@xsd/contracts/api/admin-channels';
import { adminListQuery } from '../../api/admin-query';

/** `GET /api/admin/channels`. */
export const adminChannelsQuery = adminListQuery<ChannelsResponse>('channels');
export const adminChannelsQueryKey = adminChannelsQuery.queryKey;

export function useChannels() {
  return useQuery(adminChannelsQuery.options());
}
