import type { Command } from 'commander';
import type { AdminPasswordResetResponse } from '@xsd/contracts/api/password-reset';
import { ApiRequestError } from '../api/api-client.js';
import { CliError, UsageError } from '../cli-error.js';
import { outputMode, writeJson, writeLine } from '../output/output-mode.js';
import { apiUrlOf, explainStaffError, staffApi } from './context.js';

/**
 * POST /api/admin/users/password-reset as the signed-in super admin. Without mail on the server the
 * answer holds the one-time link, printed alone on stdout (for a pipe or a message to its owner);
 * with mail, the link went to the account's email and only that is said.
 */
async function resetLink(email: string, options: { readonly json?: boolean }, command: Command): Promise<void> {
  const { api } = await staffApi(command);
  let answer: AdminPasswordResetResponse;
  try {
    answer = await api.post<AdminPasswordResetResponse>('/api/admin/users/password-reset', { email });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) throw new UsageError(error.message);
    if (error instanceof ApiRequestError && error.status === 404) throw new CliError(`No staff account has the email ${email}.`);
    throw explainStaffError(error, apiUrlOf(command));
  }
  if (outputMode(options) === 'json') return writeJson(answer);
  const until = new Date(answer.expires_at).toLocaleString();
  if (answer.link) {
    writeLine(answer.link);
    process.stderr.write(`One-time link for ${email}, valid until ${until}: hand it to its owner only.\n`);
  } else {
    writeLine(`Reset link mailed to ${answer.sent_to}, valid until ${until}.`);
  }
}

export function registerUsersCommand(program: Command): void {
  const users = program.command('users').description('staff accounts (super admin)');
  users
    .command('reset-link')
    .argument('<email>', "the staff account's email")
    .description('a one-time password reset link (30 minutes): printed when the server sends no mail, else mailed to the account')
    .option('--json', 'print JSON (the POST /api/admin/users/password-reset body)')
    .action(async (email: string, options: { readonly json?: boolean }, command: Command) => resetLink(email, options, command));
}
