import { ROLE_LABELS } from '@xsd/contracts/staff/roles';
import { PRODUCT_NAME } from '../../../config/site';
import { useSignOut, type StaffUser } from '../../../lib/staff-session';

/** Title, the signed-in email and role, 'Welcome back' and Sign Out. */
export function AdminHeader({ user }: { readonly user: StaffUser }) {
  const signOut = useSignOut();
  const name = user.email.split('@')[0];
  return (
    <header className="admin-header" data-testid="admin-header">
      <div className="admin-header__title-row">
        <h1 className="admin-header__title">
          <span className="accent" aria-hidden="true">
            #_{' '}
          </span>
          {PRODUCT_NAME} Admin
        </h1>
        <p className="admin-header__greeting" data-testid="admin-greeting">
          Welcome back, {name}
        </p>
      </div>
      <div className="admin-header__user">
        <span className="admin-header__email" data-testid="admin-email">
          {user.email}
        </span>
        <span className="tag" data-testid="admin-role">
          {ROLE_LABELS[user.role]}
        </span>
        <button type="button" className="btn btn--small" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {signOut.isPending ? 'Signing Out...' : 'Sign Out'}
        </button>
      </div>
    </header>
  );
}
