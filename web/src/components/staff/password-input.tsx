import { useState } from 'react';

export interface PasswordInputProps {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly autoComplete: 'current-password' | 'new-password';
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly invalid?: boolean;
  readonly describedBy?: string;
}

/** A password field with a show/hide toggle (a real button, so it works by keyboard). */
export function PasswordInput({ id, value, onChange, autoComplete, required, disabled, invalid, describedBy }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <span className="password-input">
      <input
        id={id}
        className="input"
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        spellCheck={false}
        autoCapitalize="none"
      />
      <button
        type="button"
        className="btn btn--small password-input__toggle"
        onClick={() => setVisible((shown) => !shown)}
        aria-pressed={visible}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-controls={id}
      >
        {visible ? 'hide' : 'show'}
      </button>
    </span>
  );
}
