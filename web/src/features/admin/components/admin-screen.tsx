import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PRODUCT_NAME } from '../../../config/site';
import { staffSessionQueryKey, useStaffSession } from '../../../lib/staff-session';
import { AccessError, CheckingAccess } from './access-views';
import { AdminPanel } from './admin-panel';
import { LoginScreen } from './login-screen';
import './admin.css';

/** /admin: checking → login, Access Error (with Retry) or the panel of the signed-in staff user. */
export function AdminScreen() {
  const queryClient = useQueryClient();
  const session = useStaffSession();
  const onSignedIn = useCallback(() => void queryClient.invalidateQueries({ queryKey: staffSessionQueryKey }), [queryClient]);

  let body;
  if (session.isPending) body = <CheckingAccess />;
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
