import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import type { StaffRole } from '@xsd/contracts/staff/roles';
import { sendJson } from '../../../../lib/api-client';
import { useAdminMutation } from '../../api/admin-query';
import { adminUsersQueryKey } from './get-users';

export function createStaffAccount(request: { email: string; role: StaffRole }): Promise<CreateStaffAccountResponse> {
  return sendJson<CreateStaffAccountResponse>('POST', '/api/admin/users', request);
}

export function useCreateStaffAccount() {
  return useAdminMutation(createStaffAccount, [adminUsersQueryKey]);
}
