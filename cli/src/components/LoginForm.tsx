import { Box, Text } from 'ink';
import { useState } from 'react';
import { theme } from '../theme.js';
import { TextPrompt } from './TextPrompt.js';

export interface LoginCredentials {
  readonly email: string;
  readonly password: string;
}

export interface LoginFormProps {
  /** Where the session will be used (the API URL). */
  readonly api: string;
  /** Given on the command line: not asked again. */
  readonly email?: string;
  readonly password?: string;
  readonly onSubmit: (credentials: LoginCredentials) => void;
}

/** `xsd login` on a terminal: asks for what the flags did not give, the password without echo. */
export function LoginForm({ api, email: givenEmail, password: givenPassword, onSubmit }: LoginFormProps) {
  const [email, setEmail] = useState<string | undefined>(givenEmail);
  const [done, setDone] = useState(false);

  const submit = (credentials: LoginCredentials) => {
    setDone(true);
    onSubmit(credentials);
  };
  const emailGiven = (value: string) => {
    setEmail(value.trim());
    if (givenPassword !== undefined) submit({ email: value.trim(), password: givenPassword });
  };

  return (
    <Box flexDirection="column">
      <Text color={theme.text.secondary}>Sign in to {api}</Text>
      {email === undefined ? (
        <TextPrompt key="email" label="Email" onSubmit={emailGiven} />
      ) : (
        <Text>
          <Text color={theme.text.accent}>? </Text>
          <Text bold>Email: </Text>
          {email}
        </Text>
      )}
      {email !== undefined && givenPassword === undefined && !done ? <TextPrompt key="password" label="Password" hidden onSubmit={(password) => submit({ email: email, password })} /> : null}
      {done ? <Text color={theme.text.secondary}>Signing in…</Text> : null}
    </Box>
  );
}
