import { TOO_MANY_LOGIN_ATTEMPTS_MESSAGE } from '@xsd/contracts/api/auth';
import { ApiError } from '../api/api-error.filter.js';

export interface LoginAttemptsOptions {
  /** Failed sign-ins allowed per client and email within the window. */
  readonly maxFailures: number;
  readonly windowMs: number;
  /** Most client-and-email pairs remembered; the oldest are forgotten first. */
  readonly maxKeys: number;
}

export const DEFAULT_LOGIN_ATTEMPTS: LoginAttemptsOptions = { maxFailures: 5, windowMs: 15 * 60_000, maxKeys: 10_000 };

/**
 * Slows down password guessing: after `maxFailures` failed sign-ins from one client for one email
 * within the window, that pair is refused (429) until the oldest failure ages out. Only failures
 * count, and a successful sign-in clears the pair, so staff who mistype once are never locked out.
 * Kept in memory per API process: a limit per process, which is what a guesser meets anyway.
 */
export class LoginAttempts {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly options: LoginAttemptsOptions = DEFAULT_LOGIN_ATTEMPTS) {}

  static key(client: string, email: string): string {
    return `${client}|${email.trim().toLowerCase()}`;
  }

  /** Throws the 429 when the pair has used up its failures. */
  check(key: string, now: Date): void {
    if (this.recent(key, now).length >= this.options.maxFailures) {
      throw new ApiError(429, 'too_many_login_attempts', TOO_MANY_LOGIN_ATTEMPTS_MESSAGE);
    }
  }

  failed(key: string, now: Date): void {
    const recent = this.recent(key, now);
    recent.push(now.getTime());
    this.failures.delete(key); // re-insert so the map's order stays "least recently failed first"
    this.failures.set(key, recent);
    if (this.failures.size > this.options.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  succeeded(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: Date): number[] {
    const since = now.getTime() - this.options.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }
}
