import { useQuery } from '@tanstack/react-query';
import type { StaffAccountsResponse } from '@xsd/contracts/api/admin-users';
import { adminListQuery } from '../../api/admin-query';

/** `GET /api/admin/users`. */
export const adminUsersQuery = adminListQuery<StaffAccountsResponse>('users');
export const adminUsersQueryKey = adminUsersQuery.queryKey;

export function useStaffAccounts() {
  return useQuery(adminUsersQuery.options());
}
