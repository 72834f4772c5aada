import type { Command } from 'commander';
import type { LoginResponse } from '@xsd/contracts/api/auth';
import { isStaffRole, ROLE_LABELS } from '@xsd/contracts/staff/roles';
import { ApiRequestError } from '../api/api-client.js';
import { CliError, UsageError } from '../cli-error.js';
import { writeLine } from '../output/output-mode.js';
import { DeviceStore } from '../session/device-store.js';
import { SessionStore } from '../session/session-store.js';
import { formatWhen } from '../views/time-format.js';
import { apiUrlOf, publicApi } from './context.js';

interface LoginOptions {
  readonly email?: string;
  readonly password?: string;
}


/** Reads what the flags did not give from piped input: the email on the first line, then the password. */
async function readFromStdin(missing: readonly ('email' | 'password')[]): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks).toString('utf8').split(/\r?\n/);
  const values: Record<string, string> = {};
  missing.forEach((field, i) => {
    const line = lines[i];
    if (line === undefined || line.trim() === '') {
      throw new UsageError(`No ${field} given: pass --${field}, or type it when asked (on a terminal), or pipe it in`);
    }
    values[field] = field === 'email' ? line.trim() : line;
  });
  return values;
}

async function credentials(options: LoginOptions, apiUrl: string): Promise<{ email: string; password: string }> {
  const missing = (['email', 'password'] as const).filter((field) => options[field] === undefined || options[field] === '');
  if (missing.length === 0) return { email: options.email!.trim(), password: options.password! };
  if (process.stdin.isTTY) {
    const { promptLogin } = await import('../interactive/login.js');
    const given = await promptLogin({ api: apiUrl, email: options.email || undefined, password: options.password || undefined });
    if (!given) throw new CliError('Sign-in cancelled.');
    return given;
  }
  const read = await readFromStdin(missing);
  return { email: (options.email || read.email).trim(), password: options.password || read.password };
}

export function registerLoginCommands(program: Command): void {
  program
    .command('login')
    .description('sign in as staff; asks for what --email / --password do not give (the password without echo)')
    .option('--email <email>', 'staff email')
    .option('--password <password>', 'password (prefer the prompt: flags end up in shell history)')
    .action(async (options: LoginOptions, command: Command) => {
      const apiUrl = apiUrlOf(command);
      const { email, password } = await credentials(options, apiUrl);
      const devices = new DeviceStore();
      // The device token of the last sign-in here: the server lets a known device in even during a flood.
      const deviceToken = (await devices.get(apiUrl, email)) ?? undefined;
      let login: LoginResponse;
      try {
        login = await publicApi(command).post<LoginResponse>('/api/auth/login', { email, password, kind: 'bearer', device_token: deviceToken });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 400) throw new UsageError(error.message);
        throw error;
      }
      await new SessionStore().set(apiUrl, { token: login.token, email: login.user.email, role: login.user.role, expires_at: login.expires_at });
      if (login.device_token) await devices.set(apiUrl, email, login.device_token);
      writeLine(
        `Signed in to ${apiUrl} as ${login.user.email} (${isStaffRole(login.user.role) ? ROLE_LABELS[login.user.role] : login.user.role}); the session ends ${formatWhen(login.expires_at, new Date())}.`,
      );
    });

  program
    .command('logout')
    .description('end the staff session on the server and forget it here')
    .action(async (_options: unknown, command: Command) => {
      const apiUrl = apiUrlOf(command);
      const store = new SessionStore();
      const session = await store.get(apiUrl);
      if (!session) {
        writeLine(`Not signed in to ${apiUrl}: nothing to do.`);
        return;
      }
      // Forget it here first: the token is of no use once we asked the server to end it.
      await store.delete(apiUrl);
      try {
        await publicApi(command).withToken(session.token).post('/api/auth/logout');
      } catch (error) {
        throw new CliError(`Signed out on this machine, but the server could not end the session: ${(error as Error).message}`);
      }
      writeLine(`Signed out of ${apiUrl} (${session.email}).`);
    });
}
