import { useId, useState, type FormEvent } from 'react';
import { Panel } from '../../../../components/ui/panel';
import { useStaffSession } from '../../../../lib/staff-session';
import { messageOr } from '../../lib/messages';
import { useSendUserResetLink } from '../api/send-user-reset-link';

export const RESET_LINK_FAILED_MESSAGE = 'Failed to send the reset link';

/**
 * The Passwords tab's 'Reset User Password': a super admin sends an account a one-time link (mailed
 * to it; without mail on the site the link is shown here, to hand over). Other roles read how to
 * get one.
 */
export function AdminResetPanel() {
  const session = useStaffSession();
  return (
    <Panel title="Reset User Password" tone="warning" testId="admin-reset">
      <p className="muted">Users who forgot their password should use 'Forgot Password' on the login page, or ask a super admin for a reset link.</p>
      {session.data?.role === 'super_admin' ? <SendResetLinkForm /> : <p className="muted">Only a super admin can send reset links.</p>}
    </Panel>
  );
}

function SendResetLinkForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const mutation = useSendUserResetLink();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || mutation.isPending) return;
    mutation.mutate(email.trim());
  };

  const answer = mutation.isSuccess ? mutation.data : null;
  return (
    <form className="staff-form" onSubmit={submit} noValidate>
      <label className="field" htmlFor={`${id}-email`}>
        <span className="field__label">User email</span>
        <input id={`${id}-email`} className="input" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
      </label>
      <div role="status" aria-live="polite" data-testid="admin-reset-message">
        {answer?.sent_to ? <p className="ok">Password reset link sent to {answer.sent_to}. It works once, within 30 minutes.</p> : null}
        {mutation.isError ? <p className="err">{messageOr(mutation.error, RESET_LINK_FAILED_MESSAGE)}</p> : null}
      </div>
      {answer?.link ? (
        <label className="field" htmlFor={`${id}-link`}>
          <span className="field__label">One-time link (no mail on this site: hand it to its owner; it works once, within 30 minutes)</span>
          <input id={`${id}-link`} className="input" readOnly value={answer.link} onFocus={(event) => event.target.select()} data-testid="admin-reset-link" />
        </label>
      ) : null}
      <div className="button-row">
        <button type="submit" className="btn" disabled={!email.trim() || mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
        </button>
      </div>
    </form>
  );
}
