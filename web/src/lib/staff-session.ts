import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginResponse,
  LogoutResponse,
  MeResponse,
} from '@xsd/contracts/api/auth';
import { ApiError, getJson, sendJson } from './api-client';

/**
 * The staff session as the browser sees it: the token lives in an HttpOnly cookie, so the only
 * way to know who is signed in is `GET /api/auth/me`. Shared by /admin, the public header (email,
 * Change Password) and the dashboard preferences (saved on the server while signed in).
 */
export type StaffUser = MeResponse['user'];

export const staffSessionQueryKey = ['staff', 'me'] as const;

/** The signed-in staff user, or null without a session (401 is an answer, not a failure). */
export async function getStaffSession({ signal }: { signal?: AbortSignal } = {}): Promise<StaffUser | null> {
  try {
    return (await getJson<MeResponse>('/api/auth/me', { signal, cache: 'no-store' })).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function staffSessionQueryOptions() {
  return queryOptions({
    queryKey: staffSessionQueryKey,
    queryFn: ({ signal }) => getStaffSession({ signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useStaffSession() {
  return useQuery(staffSessionQueryOptions());
}

export function signInStaff(email: string, password: string): Promise<LoginResponse> {
  return sendJson<LoginResponse>('POST', '/api/auth/login', { email, password });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<LogoutResponse>('POST', '/api/auth/logout'),
    // Whatever the server answered, this browser holds no session any more (the cookie is cleared).
    onSettled: () => {
      queryClient.setQueryData(staffSessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'admin' });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) => sendJson<ChangePasswordResponse>('POST', '/api/auth/password', request),
  });
}
