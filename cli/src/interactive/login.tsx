import { type LoginCredentials, LoginForm } from '../components/LoginForm.js';

/** Asks on the terminal; null when cancelled (Ctrl-C). Drawn on stderr when stdout is piped. */
export async function promptLogin(input: { readonly api: string; readonly email?: string; readonly password?: string }): Promise<LoginCredentials | null> {
  let given: LoginCredentials | null = null;
  let exit: () => void = () => undefined;
  const form = (
    <LoginForm
      api={input.api}
      email={input.email}
      password={input.password}
      onSubmit={(credentials) => {
        given = credentials;
        setTimeout(() => exit(), 0);
      }}
    />
  );
  const { render } = await import('ink');
  const instance = render(form, { exitOnCtrlC: true, stdout: process.stdout.isTTY ? process.stdout : process.stderr, patchConsole: false });
  exit = () => instance.unmount();
  process.once('SIGINT', exit);
  try {
    await instance.waitUntilExit();
  } finally {
    process.off('SIGINT', exit);
  }
  return given;
}
