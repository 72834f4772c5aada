import { MIN_PASSWORD_LENGTH, NEW_PASSWORDS_DO_NOT_MATCH_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE, PASSWORD_UPDATED_MESSAGE } from '@xsd/contracts/api/auth';
import { passwordStrength } from '@xsd/contracts/staff/password-strength';
import { useId, useState, type FormEvent } from 'react';
import { serverMessage } from '../../lib/api-client';
import { useChangePassword } from '../../lib/staff-session';
import { PasswordInput } from './password-input';
import './staff-forms.css';

export const PASSWORD_UPDATE_FAILED_MESSAGE = 'Failed to update password';
export const PASSWORDS_DO_NOT_MATCH_INLINE = 'Passwords do not match';

export interface ChangePasswordFormProps {
  /** After the server took the new password (the form is already cleared). */
  readonly onSuccess?: () => void;
  readonly onCancel?: () => void;
}

const STRENGTH_CLASS = { Weak: 'err', Medium: 'warn', Strong: 'ok' } as const;

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
  const mismatch = confirm !== '' && confirm !== next;
  const strength = next ? passwordStrength(next) : null;
  const ready = current !== '' && next.length >= MIN_PASSWORD_LENGTH && confirm === next && !mutation.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (next.length < MIN_PASSWORD_LENGTH) return setStatus({ kind: 'error', message: PASSWORD_TOO_SHORT_MESSAGE });
    if (next !== confirm) return setStatus({ kind: 'error', message: NEW_PASSWORDS_DO_NOT_MATCH_MESSAGE });
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
      <div className="field">
          <label className="field__label" htmlFor={`${id}-new`}>
            New password
          </label>
          <PasswordInput id={`${id}-new`} value={next} onChange={setNext} autoComplete="new-password" required />
        </div>
      {strength ? (
        <p className="field__hint" data-testid="password-strength">
          Strength: <strong className={STRENGTH_CLASS[strength]}>{strength}</strong>
        </p>
      ) : null}
      <div className="field">
          <label className="field__label" htmlFor={`${id}-confirm`}>
            Confirm new password
          </label>
          <PasswordInput
          id={`${id}-confirm`}
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          required
          invalid={mismatch}
          describedBy={mismatch ? `${id}-mismatch` : undefined}
        />
        </div>
      {mismatch ? (
        <p className="field__error" id={`${id}-mismatch`}>
          {PASSWORDS_DO_NOT_MATCH_INLINE}
        </p>
      ) : null}
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
