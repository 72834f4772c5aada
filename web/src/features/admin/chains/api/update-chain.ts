import type { AdminChainResponse, UpdateChainSettingRequest } from '@xsd/contracts/api/admin-chains';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { adminChainsQueryKey } from './get-chains';

export function updateChain({ chain, changes }: { chain: string; changes: UpdateChainSettingRequest }): Promise<AdminChainResponse> {
  return sendJson<AdminChainResponse>('PATCH', adminItemPath('chains', chain), changes);
}

export function useUpdateChain() {
  return useAdminMutation(updateChain, [adminChainsQueryKey]);
}
