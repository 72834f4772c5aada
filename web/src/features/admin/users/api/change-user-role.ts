import type { StaffAccountResponse } from '@xsd/contracts/api/admin-users';
import type { StaffRole } from '@xsd/contracts/staff/roles';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { adminUsersQueryKey } from './get-users';

export function changeStaffRole({ id, role }: { id: string; role: StaffRole }): Promise<StaffAccountResponse> {
  return sendJson<StaffAccountResponse>('PATCH', adminItemPath('users', id), { role });
}

export function useChangeStaffRole() {
  return useAdminMutation(changeStaffRole, [adminUsersQueryKey]);
}
