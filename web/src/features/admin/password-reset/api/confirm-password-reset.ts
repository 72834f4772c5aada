import { useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirm, PasswordResetDoneResponse } from '@xsd/contracts/api/password-reset';
import { sendJson } from '../../../../lib/api-client';

/** `POST /api/auth/password-reset/confirm`: the new password through a reset link; every session of the account ends. */
export function confirmPasswordReset(request: PasswordResetConfirm): Promise<PasswordResetDoneResponse> {
  return sendJson<PasswordResetDoneResponse>('POST', '/api/auth/password-reset/confirm', request);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
