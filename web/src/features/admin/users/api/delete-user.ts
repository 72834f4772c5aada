import type { DeleteStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { adminUsersQueryKey } from './get-users';

export function deleteStaffAccount(id: string): Promise<DeleteStaffAccountResponse> {
  return sendJson<DeleteStaffAccountResponse>('DELETE', adminItemPath('users', id));
}

export function useDeleteStaffAccount() {
  return useAdminMutation(deleteStaffAccount, [adminUsersQueryKey]);
}
