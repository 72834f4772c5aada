import type { AdminPasswordResetResponse } from '@xsd/contracts/api/password-reset';
import { sendJson } from '../../../../lib/api-client';
import { useAdminMutation } from '../../api/admin-query';

/** `POST /api/admin/users/password-reset` (super admins): mailed to the account, or answered without mail. */
export function sendUserResetLink(email: string): Promise<AdminPasswordResetResponse> {
  return sendJson<AdminPasswordResetResponse>('POST', '/api/admin/users/password-reset', { email });
}

export function useSendUserResetLink() {
  return useAdminMutation(sendUserResetLink, []);
}
