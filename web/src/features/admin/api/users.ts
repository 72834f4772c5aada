import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CreateStaffAccountResponse,
  DeleteStaffAccountResponse,
  StaffAccountResponse,
  StaffAccountsResponse,
} from '@xsd/contracts/api/admin-users';
import type { StaffRole } from '@xsd/contracts/staff/roles';
import { getJson, sendJson } from '../../../lib/api-client';
import { adminKey, useAdminMutation } from './admin-query';

export const adminUsersQueryKey = adminKey('users');

export function useStaffAccounts() {
  return useQuery(
    queryOptions({
      queryKey: adminUsersQueryKey,
      queryFn: ({ signal }) => getJson<StaffAccountsResponse>('/api/admin/users', { signal }),
    }),
  );
}

export function useCreateStaffAccount() {
  return useAdminMutation(
    (request: { email: string; role: StaffRole }) => sendJson<CreateStaffAccountResponse>('POST', '/api/admin/users', request),
    [adminUsersQueryKey],
  );
}

export function useChangeStaffRole() {
  return useAdminMutation(
    ({ id, role }: { id: string; role: StaffRole }) => sendJson<StaffAccountResponse>('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, { role }),
    [adminUsersQueryKey],
  );
}

export function useDeleteStaffAccount() {
  return useAdminMutation(
    (id: string) => sendJson<DeleteStaffAccountResponse>('DELETE', `/api/admin/users/${encodeURIComponent(id)}`),
    [adminUsersQueryKey],
  );
}
