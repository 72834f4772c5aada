import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffAccountsResponse } from '@xsd/contracts/api/admin-users';
import { getJson } from '../../../../lib/api-client';
import { adminKey } from '../../api/admin-query';

export const adminUsersQueryKey = adminKey('users');

export function getStaffAccounts({ signal }: { signal?: AbortSignal } = {}): Promise<StaffAccountsResponse> {
  return getJson<StaffAccountsResponse>('/api/admin/users', { signal });
}

export function staffAccountsQueryOptions() {
  return queryOptions({ queryKey: adminUsersQueryKey, queryFn: ({ signal }) => getStaffAccounts({ signal }) });
}

export function useStaffAccounts() {
  return useQuery(staffAccountsQueryOptions());
}
