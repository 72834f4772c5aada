import { useQueryClient } from '@tanstack/react-query';
import { RESET_LINK_PARAMETER } from '@xsd/contracts/api/password-reset';
import { useCallback, useState } from 'react';
import { PRODUCT_NAME } from '../../../config/site';
import { staffSessionQueryKey, useStaffSession } from '../../../lib/staff-session';
import { AccessError, CheckingAccess } from './access-views';
import { AdminPanel } from './admin-panel';
import { LoginScreen } from './login-screen';
import { ResetPasswordForm } from '../password-reset/components/reset-password-form';
import './admin.css';

/** The token of a reset link (`/admin?reset=<token>`), or null. */
function resetTokenOf(search: string): string | null {
  return new URLSearchParams(search).get(RESET_LINK_PARAMETER) || null;
}

/**
 * /admin: a reset link's set-new-password form; else checking → login, Access Error (with Retry)
 * or the panel of the signed-in staff user.
 */
export function AdminScreen() {
  const queryClient = useQueryClient();
  const session = useStaffSession();
  const onSignedIn = useCallback(() => void queryClient.invalidateQueries({ queryKey: staffSessionQueryKey }), [queryClient]);
  const [resetToken, setResetToken] = useState(() => resetTokenOf(window.location.search));
  // Leaving the form drops the token from the address (and history): the link is spent or useless.
  const leaveReset = useCallback(() => {
    const url = new URL(window.location.href);
    url.searchParams.delete(RESET_LINK_PARAMETER);
    window.history.replaceState(window.history.state, '', url);
    setResetToken(null);
    onSignedIn();
  }, [onSignedIn]);

  let body;
  if (resetToken) body = <ResetPasswordForm token={resetToken} onSignIn={leaveReset} />;
  else if (session.isPending) body = <CheckingAccess />;
  else if (session.isError) body = <AccessError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  else if (session.data === null) body = <LoginScreen onSignedIn={onSignedIn} />;
  else return <AdminPanel user={session.data} />;

  return (
    <main className="standalone">
      <h1 className="sr-only">{PRODUCT_NAME} Admin</h1>
      <div className="standalone__box admin-gate">{body}</div>
    </main>
  );
}
