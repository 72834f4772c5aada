import { LOGIN_FAILED_MESSAGE } from '@xsd/contracts/api/auth';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PasswordInput } from '../../../components/staff/password-input';
import { Panel } from '../../../components/ui/panel';
import { signInStaff } from '../../../lib/staff-session';
import { LOGIN_SUCCESS_DELAY_MS, messageOr } from '../lib/messages';
import { ForgotPassword } from '../password-reset/components/forgot-password';

export interface LoginScreenProps {
  /** Fired 500 ms after a successful sign-in (the session cookie is set by then). */
  readonly onSignedIn: () => void;
}

type LoginState = { readonly kind: 'idle' } | { readonly kind: 'signing-in' } | { readonly kind: 'signed-in' } | { readonly kind: 'error'; readonly message: string };

/** Email, password with show/hide, Sign In; only authorised staff may enter. */
export function LoginScreen({ onSignedIn }: LoginScreenProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<LoginState>({ kind: 'idle' });
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;

  useEffect(() => {
    if (state.kind !== 'signed-in') return;
    const timer = window.setTimeout(() => onSignedInRef.current(), LOGIN_SUCCESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.kind]);

  const busy = state.kind === 'signing-in' || state.kind === 'signed-in';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password || busy) return;
    setState({ kind: 'signing-in' });
    try {
      await signInStaff(email.trim(), password);
      setState({ kind: 'signed-in' });
    } catch (error) {
      setState({ kind: 'error', message: messageOr(error, LOGIN_FAILED_MESSAGE) });
    }
  };

  return (
    <Panel title="Staff sign-in" tone="accent" testId="admin-login">
      <form className="staff-form" onSubmit={submit} noValidate>
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
            disabled={busy}
          />
        </label>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-password`}>
            Password
          </label>
          <PasswordInput id={`${id}-password`} value={password} onChange={setPassword} autoComplete="current-password" required disabled={busy} />
        </div>
        <div role="status" aria-live="polite">
          {state.kind === 'error' ? (
            <p className="err" data-testid="login-error">
              {state.message}
            </p>
          ) : null}
          {state.kind === 'signed-in' ? <p className="ok">Signed in.</p> : null}
        </div>
        <div className="button-row">
          <button type="submit" className="btn btn--primary" disabled={busy || !email.trim() || !password}>
            {busy ? 'Signing In...' : 'Sign In'}
          </button>
        </div>
        <p className="muted field__hint">Only authorized users may sign in. Every sign-in is recorded.</p>
      </form>
      <ForgotPassword />
    </Panel>
  );
}
