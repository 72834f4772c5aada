import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasswordResetAvailability } from '@xsd/contracts/api/password-reset';
import { getJson } from '../../../../lib/api-client';

/** `GET /api/auth/password-reset`: whether the login page offers 'Forgot Password' (mail is set up). */
export function getPasswordResetAvailability({ signal }: { signal?: AbortSignal } = {}): Promise<PasswordResetAvailability> {
  return getJson<PasswordResetAvailability>('/api/auth/password-reset', { signal });
}

export const passwordResetAvailabilityQueryKey = ['staff', 'password-reset'] as const;

export function passwordResetAvailabilityQueryOptions() {
  return queryOptions({ queryKey: passwordResetAvailabilityQueryKey, queryFn: ({ signal }) => getPasswordResetAvailability({ signal }), staleTime: Infinity });
}

export function usePasswordResetAvailability() {
  return useQuery(passwordResetAvailabilityQueryOptions());
}
