import { MIN_PASSWORD_LENGTH, NEW_PASSWORDS_DO_NOT_MATCH_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from '@xsd/contracts/api/auth';
import { EMAIL_REQUIRED_MESSAGE } from '@xsd/contracts/api/admin-users';
import { useId, useState, type FormEvent } from 'react';
import { PasswordInput } from '../../../../components/staff/password-input';
import { Panel } from '../../../../components/ui/panel';
import { OwnPasswordPanel } from '../../components/own-password-panel';
import { ADMIN_MESSAGES } from '../../lib/messages';

/** Own password (collapsed until opened), the coming-soon admin reset, and the spec's tips. */
export function PasswordsTab() {
  return (
    <>
      <OwnPasswordPanel />
      <AdminResetPanel />
      <Panel title="Password tips" testId="password-tips">
        <ul className="link-list">
          <li>At least 8 characters, with upper and lower case letters, numbers and special characters.</li>
          <li>Avoid common words and personal details.</li>
          <li>Use a unique password for the admin panel, kept in a password manager.</li>
          <li>Change it regularly, and never share it.</li>
        </ul>
      </Panel>
    </>
  );
}

/** The spec keeps this feature switched off: its checks run, then it always declines. */
function AdminResetPanel() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setMessage(EMAIL_REQUIRED_MESSAGE);
    if (password.length < MIN_PASSWORD_LENGTH) return setMessage(PASSWORD_TOO_SHORT_MESSAGE);
    if (password !== confirm) return setMessage(NEW_PASSWORDS_DO_NOT_MATCH_MESSAGE);
    setMessage(ADMIN_MESSAGES.resetComingSoon);
  };

  return (
    <Panel title="Reset User Password (Coming Soon)" tone="warning" testId="admin-reset">
      <p className="muted">Users who forgot their password should use 'Forgot Password' on the login page.</p>
      <form className="staff-form" onSubmit={submit} noValidate>
        <label className="field" htmlFor={`${id}-email`}>
          <span className="field__label">User email</span>
          <input id={`${id}-email`} className="input" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
        </label>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-new`}>
            New password
          </label>
          <PasswordInput id={`${id}-new`} value={password} onChange={setPassword} autoComplete="new-password" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-confirm`}>
            Confirm new password
          </label>
          <PasswordInput id={`${id}-confirm`} value={confirm} onChange={setConfirm} autoComplete="new-password" />
        </div>
        <div role="status" aria-live="polite">
          {message ? (
            <p className="err" data-testid="admin-reset-message">
              {message}
            </p>
          ) : null}
        </div>
        <div className="button-row">
          <button type="submit" className="btn">
            Reset Password
          </button>
        </div>
      </form>
    </Panel>
  );
}
