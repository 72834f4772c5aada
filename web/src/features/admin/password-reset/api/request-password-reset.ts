import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequestedResponse } from '@xsd/contracts/api/password-reset';
import { sendJson } from '../../../../lib/api-client';

/** `POST /api/auth/password-reset` (202, the same answer for every email). */
export function requestPasswordReset(email: string): Promise<PasswordResetRequestedResponse> {
  return sendJson<PasswordResetRequestedResponse>('POST', '/api/auth/password-reset', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
