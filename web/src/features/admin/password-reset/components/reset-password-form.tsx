import { useId, useState, type FormEvent } from 'react';
import { NewPasswordFields, newPasswordProblem } from '../../../../components/staff/new-password-fields';
import { Panel } from '../../../../components/ui/panel';
import { messageOr } from '../../lib/messages';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

export const RESET_FAILED_MESSAGE = 'Failed to reset the password. Please try again.';

export interface ResetPasswordFormProps {
  /** The token of the link (`/admin?reset=<token>`). */
  readonly token: string;
  /** Back to the login screen (after a reset, or to leave a link that does not work). */
  readonly onSignIn: () => void;
}

/**
 * /admin?reset=<token>: a new password and its confirmation, with the spec's rules (8 or more
 * characters, matching) and strength meter. The server checks the link: used, expired or unknown
 * links are answered with their own message.
 */
export function ResetPasswordForm({ token, onSignIn }: ResetPasswordFormProps) {
  const id = useId();
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useConfirmPasswordReset();
  const ready = newPasswordProblem(next, confirm) === null && !mutation.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordProblem(next, confirm);
    setProblem(found);
    if (found) return;
    mutation.mutate({ token, password: next });
  };

  if (mutation.isSuccess) {
    return (
      <Panel title="Set a new password" tone="accent" testId="reset-password">
        <p className="ok" role="status" data-testid="reset-password-done">
          {mutation.data.message}
        </p>
        <div className="button-row">
          <button type="button" className="btn btn--primary" onClick={onSignIn}>
            Sign In
          </button>
        </div>
      </Panel>
    );
  }

  const error = problem ?? (mutation.isError ? messageOr(mutation.error, RESET_FAILED_MESSAGE) : null);
  return (
    <Panel title="Set a new password" tone="accent" testId="reset-password">
      <form className="staff-form" onSubmit={submit} noValidate data-testid="reset-password-form">
        <p className="muted field__hint">Choose a new password for your staff account. Every session of the account is signed out.</p>
        <NewPasswordFields id={id} next={next} confirm={confirm} onNext={setNext} onConfirm={setConfirm} />
        <div role="status" aria-live="polite">
          {error ? (
            <p className="err" data-testid="reset-password-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="button-row">
          <button type="submit" className="btn btn--primary" disabled={!ready}>
            {mutation.isPending ? 'Saving...' : 'Set New Password'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onSignIn}>
            Back to Sign In
          </button>
        </div>
      </form>
    </Panel>
  );
}
