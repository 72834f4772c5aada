import type { CreateStaffAccountResponse, StaffAccount } from '@xsd/contracts/api/admin-users';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@xsd/contracts/staff/roles';
import { useId, useState, type FormEvent } from 'react';
import { Panel } from '../../../components/ui/panel';
import type { StaffUser } from '../../../lib/staff-session';
import { useChangeStaffRole, useCreateStaffAccount, useDeleteStaffAccount, useStaffAccounts } from '../api/users';
import { ConfirmAction } from '../components/confirm-action';
import { QueryState } from '../components/query-state';
import { formatInstant } from '../lib/dates';
import { failedWith } from '../lib/messages';

/** Staff accounts: create (password shown once), change role, delete (never one's own row). */
export function UsersTab({ user }: { readonly user: StaffUser }) {
  const accounts = useStaffAccounts();
  const changeRole = useChangeStaffRole();
  const remove = useDeleteStaffAccount();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreateStaffAccountResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (created) return <CredentialsView created={created} onBack={() => setCreated(null)} />;

  return (
    <>
      {error ? (
        <p className="region-error" role="alert">
          {error}
        </p>
      ) : null}
      {creating ? (
        <CreateUserForm
          onCancel={() => setCreating(false)}
          onCreated={(response) => {
            setCreating(false);
            setCreated(response);
          }}
        />
      ) : null}
      <Panel
        title="Staff accounts"
        testId="users-list"
        actions={
          !creating ? (
            <button type="button" className="btn btn--small btn--primary" onClick={() => setCreating(true)}>
              + Add User
            </button>
          ) : null
        }
      >
        <QueryState pending={accounts.isPending} error={accounts.error} errorMessage={failedWith('Failed to load users', accounts.error)} onRetry={() => void accounts.refetch()}>
          <ul className="admin-list">
            {accounts.data?.items.map((account) => (
              <UserRow
                key={account.id}
                account={account}
                own={account.id === user.id}
                busy={changeRole.isPending || remove.isPending}
                onRole={(role) => {
                  setError(null);
                  changeRole.mutate({ id: account.id, role }, { onError: (e) => setError(failedWith('Failed to update user', e)) });
                }}
                onDelete={() => {
                  setError(null);
                  remove.mutate(account.id, { onError: (e) => setError(failedWith('Failed to delete user', e)) });
                }}
              />
            ))}
          </ul>
        </QueryState>
      </Panel>
    </>
  );
}

interface UserRowProps {
  readonly account: StaffAccount;
  readonly own: boolean;
  readonly busy: boolean;
  readonly onRole: (role: StaffRole) => void;
  readonly onDelete: () => void;
}

function UserRow({ account, own, busy, onRole, onDelete }: UserRowProps) {
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
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
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

function CreateUserForm({ onCancel, onCreated }: { readonly onCancel: () => void; readonly onCreated: (response: CreateStaffAccountResponse) => void }) {
  const id = useId();
  const create = useCreateStaffAccount();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('admin');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate({ email: email.trim(), role }, { onSuccess: onCreated, onError: (e) => setError(failedWith('Failed to create user', e)) });
  };

  return (
    <Panel title="Add user" tone="accent" testId="user-form">
      <form className="staff-form" onSubmit={submit} noValidate>
        <label className="field" htmlFor={`${id}-email`}>
          <span className="field__label">Email</span>
          <input id={`${id}-email`} className="input" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" required />
        </label>
        <label className="field" htmlFor={`${id}-role`}>
          <span className="field__label">Role</span>
          <select id={`${id}-role`} className="select" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            {STAFF_ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <p className="field__hint">A 12-character password is generated and shown once.</p>
        {error ? (
          <p className="err" role="alert">
            {error}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="btn btn--primary" disabled={create.isPending || !email.trim()}>
            {create.isPending ? 'Creating...' : 'Create User'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </button>
        </div>
      </form>
    </Panel>
  );
}

/** The generated password, shown this once. */
function CredentialsView({ created, onBack }: { readonly created: CreateStaffAccountResponse; readonly onBack: () => void }) {
  return (
    <Panel title="User created" tone="success" testId="user-credentials">
      <p>Give these credentials to the new user. The password is not shown again.</p>
      <dl className="kv admin-kv">
        <dt>Email</dt>
        <dd data-testid="credentials-email">{created.user.email}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[created.user.role]}</dd>
        <dt>Password</dt>
        <dd>
          <code className="secret" data-testid="credentials-password">
            {created.password}
          </code>
        </dd>
      </dl>
      <div className="button-row">
        <button type="button" className="btn btn--primary" onClick={onBack}>
          Back
        </button>
      </div>
    </Panel>
  );
}
