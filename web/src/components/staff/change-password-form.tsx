import { PASSWORD_UPDATED_MESSAGE } from '@xsd/contracts/api/auth';
import { useId, useState, type FormEvent } from 'react';
import { serverMessage } from '../../lib/api-client';
import { useChangePassword } from '../../lib/staff-session';
import { NewPasswordFields, newPasswordProblem } from './new-password-fields';
import { PasswordInput } from './password-input';
import './staff-forms.css';

export const PASSWORD_UPDATE_FAILED_MESSAGE = 'Failed to update password';

export interface ChangePasswordFormProps {
  /** After the server took the new password (the form is already cleared). */
  readonly onSuccess?: () => void;
  readonly onCancel?: () => void;
}

/**
 * Change one's own password (the admin Passwords tab and the public Change Password modal): the
 * current password is checked by the server; new and confirmation must match and be 8 or more
 * characters, with the spec's strength meter.
 */
export function ChangePasswordForm({ onSuccess, onCancel }: ChangePasswordFormProps) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const mutation = useChangePassword();
  const ready = current !== '' && newPasswordProblem(next, confirm) === null && !mutation.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(next, confirm);
    if (problem) return setStatus({ kind: 'error', message: problem });
    setStatus(null);
    mutation.mutate(
      { currentPassword: current, newPassword: next, confirmPassword: confirm },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          setStatus({ kind: 'ok', message: PASSWORD_UPDATED_MESSAGE });
          onSuccess?.();
        },
        onError: (error) => setStatus({ kind: 'error', message: serverMessage(error) ?? PASSWORD_UPDATE_FAILED_MESSAGE }),
      },
    );
  };

  return (
    <form className="staff-form" onSubmit={submit} noValidate data-testid="change-password-form">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-current`}>
          Current password
        </label>
        <PasswordInput id={`${id}-current`} value={current} onChange={setCurrent} autoComplete="current-password" required />
      </div>
      <NewPasswordFields id={id} next={next} confirm={confirm} onNext={setNext} onConfirm={setConfirm} />
      <div role="status" aria-live="polite">
        {status ? <p className={status.kind === 'ok' ? 'ok' : 'err'}>{status.message}</p> : null}
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={!ready}>
          {mutation.isPending ? 'Updating...' : 'Update Password'}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={mutation.isPending}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
