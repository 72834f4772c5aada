import { newMessagesLabel } from '@xsd/contracts/api/contact';
import { hasPermission, ROLE_LABELS } from '@xsd/contracts/staff/roles';
import { BellIcon } from '../../../components/ui/icons';
import { PRODUCT_NAME } from '../../../config/site';
import { useSignOut, type StaffUser } from '../../../lib/staff-session';
import { useContactNewCount } from '../contact/api/get-contact-new-count';
import { tabHref } from '../lib/admin-tabs';
import './contact-admin.css';

/** The bell: the count of new contact messages, linking to their tab; only for staff who may read them. */
function NewMessagesBell({ enabled }: { readonly enabled: boolean }) {
  const count = useContactNewCount(enabled).data?.count;
  if (!enabled || count === undefined) return null;
  return (
    <a href={tabHref('contact_submissions')} className={`admin-header__bell${count > 0 ? ' admin-header__bell--new' : ''}`} data-testid="admin-bell">
      <BellIcon /> {newMessagesLabel(count)}
    </a>
  );
}

/** Title, the signed-in email and role, 'Welcome back', the new-message bell and Sign Out. */
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
        <NewMessagesBell enabled={hasPermission(user.role, 'contact_submissions')} />
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
