import { MIN_PASSWORD_LENGTH, NEW_PASSWORDS_DO_NOT_MATCH_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from '@xsd/contracts/api/auth';
import { passwordStrength } from '@xsd/contracts/staff/password-strength';
import { PasswordInput } from './password-input';
import './staff-forms.css';

export const PASSWORDS_DO_NOT_MATCH_INLINE = 'Passwords do not match';

const STRENGTH_CLASS = { Weak: 'err', Medium: 'warn', Strong: 'ok' } as const;

/** What stops a new password and its confirmation, with the spec's message; null when they can be sent. */
export function newPasswordProblem(next: string, confirm: string): string | null {
  if (next.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  return next === confirm ? null : NEW_PASSWORDS_DO_NOT_MATCH_MESSAGE;
}

export interface NewPasswordFieldsProps {
  /** The form's useId: the fields' ids start with it. */
  readonly id: string;
  readonly next: string;
  readonly confirm: string;
  readonly onNext: (value: string) => void;
  readonly onConfirm: (value: string) => void;
}

/**
 * A new password and its confirmation, with the spec's strength meter and an inline note while
 * they differ (changing one's own password, and setting one from a reset link).
 */
export function NewPasswordFields({ id, next, confirm, onNext, onConfirm }: NewPasswordFieldsProps) {
  const mismatch = confirm !== '' && confirm !== next;
  const strength = next ? passwordStrength(next) : null;
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-new`}>
          New password
        </label>
        <PasswordInput id={`${id}-new`} value={next} onChange={onNext} autoComplete="new-password" required />
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
          onChange={onConfirm}
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
    </>
  );
}
