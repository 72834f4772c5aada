import type { Command } from 'commander';
import { ApiClient, ApiRequestError, normalizeApiUrl } from '../api/api-client.js';
import { CliError } from '../cli-error.js';
import { SessionStore, type StoredSession } from '../session/session-store.js';

export const DEFAULT_API_URL = 'http://localhost:8080';

/** `--api`, else XSD_API_URL, else http://localhost:8080. */
export function apiUrlOf(command: Command, env: NodeJS.ProcessEnv = process.env): string {
  const { api } = command.optsWithGlobals<{ api?: string }>();
  const fromEnv = env.XSD_API_URL?.trim();
  return normalizeApiUrl(api ?? (fromEnv ? fromEnv : DEFAULT_API_URL));
}

export function publicApi(command: Command, timeoutMs?: number): ApiClient {
  return new ApiClient({ baseUrl: apiUrlOf(command), timeoutMs });
}

export function notSignedIn(apiUrl: string): CliError {
  return new CliError(`Not signed in to ${apiUrl}: run 'xsd login' first.`);
}

/** The API with the stored staff session of that API; "not signed in" without one. */
export async function staffApi(command: Command): Promise<{ readonly api: ApiClient; readonly session: StoredSession }> {
  const apiUrl = apiUrlOf(command);
  const session = await new SessionStore().get(apiUrl);
  if (!session) throw notSignedIn(apiUrl);
  return { api: new ApiClient({ baseUrl: apiUrl, token: session.token }), session };
}

/** A staff route's refusal in words: session ended (401) or forbidden (403), with the server's reason. */
export function explainStaffError(error: unknown, apiUrl: string): unknown {
  if (!(error instanceof ApiRequestError)) return error;
  if (error.status === 401) return new CliError(`Not signed in to ${apiUrl}: ${error.message} Run 'xsd login'.`);
  if (error.status === 403) return new CliError(`Forbidden: ${error.message}`);
  return error;
}
