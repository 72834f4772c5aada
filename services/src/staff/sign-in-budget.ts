import type { OnApplicationShutdown } from '@nestjs/common';
import {
  SIGN_IN_BUSY_MESSAGE,
  TOO_MANY_LOGIN_ATTEMPTS_MESSAGE,
  TOO_MANY_PASSWORD_ATTEMPTS_MESSAGE,
} from '@xsd/contracts/api/auth';
import { ApiError } from '../http/api-error.filter.js';
import type { AttemptStore } from '../rate-limit/attempt-store.js';

/**
 * How many password checks are allowed. Staff sign in a few times a day and mistype now and then;
 * a guesser, or a flood meant to burn the CPU, meets one of these long before it matters.
 */
export interface SignInLimits {
  /** Failures for one email (sign-in) or account (password change) from one client: the spec's 5 in 15 minutes. */
  readonly perClientAndSubject: number;
  /**
   * Failures from one client, whatever the emails: 20 in 15 minutes. A whole office behind one
   * address mistyping stays well under it; one address trying many emails does not.
   */
  readonly perClient: number;
  readonly failureWindowMs: number;
  /**
   * Password checks the whole deployment starts per `siteWindowMs`, whoever asks: 60 in 10 s.
   * A burst of a few dozen (a team signing in after a deploy, a test suite) passes at once; a
   * flood from many addresses gets 6 a second, and each costs ~10 ms of one core plus a lookup,
   * so all replicas together spend well under a tenth of a core on it. The hashing gate of each
   * process (see PasswordHasher) bounds a burst on top. Measured on the wall clock all replicas share.
   */
  readonly site: number;
  readonly siteWindowMs: number;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perClientAndSubject: 5,
  perClient: 20,
  failureWindowMs: 15 * 60_000,
  site: 60,
  siteWindowMs: 10_000,
};

/** A password check about to happen: a sign-in, or the current password of a password change. */
export type PasswordCheck =
  | { readonly kind: 'sign-in'; readonly client: string; readonly email: string }
  /** `client` is null when the caller's address is not known: then only the account's own limit applies. */
  | { readonly kind: 'password-change'; readonly client: string; readonly accountId: string };

const SITE_KEY = 'site';

/**
 * The sign-in budget: three limits on password checks, kept in the deployment's attempt store so
 * that every API replica counts against the same numbers.
 *
 * - per client and email (or account): failures only, cleared by a success, so staff who mistype
 *   once are never locked out;
 * - per client: failures only, never cleared by one success (an attacker's own account must not
 *   reset it);
 * - per site: every check the first two let through, in a sliding window.
 *
 * The first two are read before the check and written after a failure, so checks already in
 * flight may each add one more failure; the site limit, taken atomically before the check, bounds
 * how many can be in flight.
 */
const retryAfter = (ms: number) => ({ 'Retry-After': String(Math.ceil(ms / 1000)) });

export class SignInBudget implements OnApplicationShutdown {
  constructor(
    /** Owned: closed with the application. */
    private readonly store: AttemptStore,
    private readonly limits: SignInLimits = SIGN_IN_LIMITS,
    /** The site window's clock: real time, which every replica shares (the domain clock may be a test's). */
    private readonly wallClock: () => Date = () => new Date(),
  ) {}

  /** Throws 429 when this check is over a limit; otherwise takes its place in the site's budget. */
  async admit(check: PasswordCheck, now: Date): Promise<void> {
    const [pairFailures, clientFailures] = await Promise.all([
      this.store.count(this.pairKey(check), now, this.limits.failureWindowMs),
      this.store.count(this.clientKey(check), now, this.limits.failureWindowMs),
    ]);
    if (pairFailures >= this.limits.perClientAndSubject || clientFailures >= this.limits.perClient) {
      // By then every failure counted has left the window: a retry is sure to be heard.
      const retry = retryAfter(this.limits.failureWindowMs);
      throw check.kind === 'sign-in'
        ? new ApiError(429, 'too_many_login_attempts', TOO_MANY_LOGIN_ATTEMPTS_MESSAGE, retry)
        : new ApiError(429, 'too_many_password_attempts', TOO_MANY_PASSWORD_ATTEMPTS_MESSAGE, retry);
    }
    const site = await this.store.add(SITE_KEY, this.wallClock(), { windowMs: this.limits.siteWindowMs, limit: this.limits.site });
    if (!site.added) throw new ApiError(429, 'sign_in_busy', SIGN_IN_BUSY_MESSAGE, retryAfter(this.limits.siteWindowMs));
  }

  /** The password was wrong (or the email unknown). */
  async failed(check: PasswordCheck, now: Date): Promise<void> {
    await Promise.all([
      this.store.add(this.pairKey(check), now, { windowMs: this.limits.failureWindowMs, limit: this.limits.perClientAndSubject }),
      this.store.add(this.clientKey(check), now, { windowMs: this.limits.failureWindowMs, limit: this.limits.perClient }),
    ]);
  }

  /** The password was right: the pair's failures are forgotten, the client's are not. */
  async succeeded(check: PasswordCheck): Promise<void> {
    await this.store.clear(this.pairKey(check));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }

  private pairKey(check: PasswordCheck): string {
    return check.kind === 'sign-in'
      ? `sign-in|${check.client}|${check.email.trim().toLowerCase()}`
      : `password-change|${check.client}|${check.accountId}`;
  }

  private clientKey(check: PasswordCheck): string {
    return `client|${check.client}`;
  }
}
