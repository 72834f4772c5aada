import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginResponse,
  LogoutResponse,
  MeResponse,
} from '@xsd/contracts/api/auth';
import { ApiError, getJson, sendJson } from './api-client';
import { readRaw, writeRaw } from './storage';

/**
 * The staff session as the browser sees it: the token lives in an HttpOnly cookie, so the only
 * way to know who is signed in is `GET /api/auth/me`. Shared by /admin, the public header (email,
 * Change Password) and the dashboard preferences (saved on the server while signed in).
 */
export type StaffUser = MeResponse['user'];

export const staffSessionQueryKey = ['staff', 'me'] as const;

/**
 * Set in this browser after a staff sign-in, cleared by sign-out or a 401: the public pages ask
 * `GET /api/auth/me` only when it is set, so anonymous visitors never send that request.
 */
const STAFF_HINT_KEY = 'staff-signed-in';
const setHint = (on: boolean) => writeRaw(STAFF_HINT_KEY, on ? '1' : null);

/**
 * The signed-in staff user, or null without a session (401 is an answer, not a failure). A browser
 * that never signed in (no hint) is answered null without asking, so visitors of /admin see the
 * sign-in form without a 401 in their console; a session whose hint was cleared signs in again.
 */
export async function getStaffSession({ signal }: { signal?: AbortSignal } = {}): Promise<StaffUser | null> {
  if (readRaw(STAFF_HINT_KEY) !== '1') return null;
  try {
    const { user } = await getJson<MeResponse>('/api/auth/me', { signal, cache: 'no-store' });
    setHint(true);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setHint(false);
      return null;
    }
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

/** For the public pages: the staff user when this browser signed in, else null without a request. */
export function usePublicStaffSession(): StaffUser | null {
  const hinted = readRaw(STAFF_HINT_KEY) === '1';
  const session = useQuery({ ...staffSessionQueryOptions(), enabled: hinted });
  return hinted ? (session.data ?? null) : null;
}

export async function signInStaff(email: string, password: string): Promise<LoginResponse> {
  const response = await sendJson<LoginResponse>('POST', '/api/auth/login', { email, password });
  setHint(true);
  return response;
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    // Staff reads still in flight are aborted before the session ends: answered after it, they
    // would each be refused (401) on the way out.
    onMutate: () => queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] === 'admin' }),
    mutationFn: () => sendJson<LogoutResponse>('POST', '/api/auth/logout'),
    // Whatever the server answered, this browser holds no session any more (the cookie is cleared).
    onSettled: () => {
      setHint(false);
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
