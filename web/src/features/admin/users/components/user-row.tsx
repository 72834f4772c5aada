import type { StaffAccount } from '@xsd/contracts/api/admin-users';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@xsd/contracts/staff/roles';
import { useId } from 'react';
import { ConfirmAction } from '../../components/confirm-action';
import { formatInstant } from '../../lib/dates';
import { Options } from '../../../../components/ui/options';

export interface UserRowProps {
  readonly account: StaffAccount;
  readonly own: boolean;
  readonly busy: boolean;
  readonly onRole: (role: StaffRole) => void;
  readonly onDelete: () => void;
}

/** One staff account with its role picker and Delete (neither for one's own row). */
export function UserRow({ account, own, busy, onRole, onDelete }: UserRowProps) {
  const id = useId();
  return (
    <li className="admin-list__item" data-testid={`user-${account.email}`}>
      <div className="admin-list__main">
        <strong className="admin-list__title">{account.email}</strong>
        {own ? <span className="tag tag--new">you</span> : null}
        <p className="admin-list__meta muted">
          <span>id {account.id.slice(0, 8)}</span> · <span>created {formatInstant(account.created_at)}</span> ·{' '}
          <span>last login {formatInstant(account.last_login, 'never')}</span>
        </p>
      </div>
      <div className="admin-list__actions">
        <label htmlFor={`${id}-role`} className="sr-only">
          Role of {account.email}
        </label>
        <select id={`${id}-role`} className="select select--small" value={account.role} disabled={busy || own} onChange={(event) => onRole(event.target.value as StaffRole)}>
          <Options values={STAFF_ROLES} label={(role) => ROLE_LABELS[role]} />
        </select>
        {own ? null : (
          <ConfirmAction
            label="Delete"
            ariaLabel={`Delete user ${account.email}`}
            question={`Delete ${account.email}? This cannot be undone.`}
            busy={busy}
            onConfirm={onDelete}
          />
        )}
      </div>
    </li>
  );
}
