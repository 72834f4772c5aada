import { useId, useState, type FormEvent } from 'react';
import { messageOr } from '../../lib/messages';
import { usePasswordResetAvailability } from '../api/get-password-reset-availability';
import { useRequestPasswordReset } from '../api/request-password-reset';

export const ASK_SUPER_ADMIN_MESSAGE = 'Forgot your password? Ask a super admin to send you a reset link.';
export const RESET_REQUEST_FAILED_MESSAGE = 'Failed to send the reset link. Please try again.';

/**
 * Under the login form: 'Forgot Password' when the site sends mail (a link by email, answered the
 * same for every address), else a note to ask a super admin.
 */
export function ForgotPassword() {
  const availability = usePasswordResetAvailability();
  const [open, setOpen] = useState(false);
  if (!availability.data) return null;
  if (!availability.data.by_email) {
    return (
      <p className="muted field__hint" data-testid="ask-super-admin">
        {ASK_SUPER_ADMIN_MESSAGE}
      </p>
    );
  }
  if (!open) {
    return (
      <div className="button-row">
        <button type="button" className="btn btn--ghost" onClick={() => setOpen(true)}>
          Forgot Password
        </button>
      </div>
    );
  }
  return <ForgotPasswordForm onClose={() => setOpen(false)} />;
}

function ForgotPasswordForm({ onClose }: { readonly onClose: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const mutation = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || mutation.isPending) return;
    mutation.mutate(email.trim());
  };

  return (
    <form className="staff-form" onSubmit={submit} noValidate data-testid="forgot-password-form" aria-labelledby={`${id}-title`}>
      <h3 className="panel__title" id={`${id}-title`}>
        Forgot Password
      </h3>
      <p className="muted field__hint">Enter the email of your staff account: a link to set a new password is mailed to it. The link works once, within 30 minutes.</p>
      <label className="field" htmlFor={`${id}-email`}>
        <span className="field__label">Email</span>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          disabled={mutation.isPending}
        />
      </label>
      <div role="status" aria-live="polite">
        {mutation.isSuccess ? (
          <p className="ok" data-testid="forgot-password-sent">
            {mutation.data.message}
          </p>
        ) : null}
        {mutation.isError ? <p className="err">{messageOr(mutation.error, RESET_REQUEST_FAILED_MESSAGE)}</p> : null}
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={!email.trim() || mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Back to Sign In
        </button>
      </div>
    </form>
  );
}
