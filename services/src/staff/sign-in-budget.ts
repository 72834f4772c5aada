import type { OnApplicationShutdown } from '@nestjs/common';
import {
  SIGN_IN_BUSY_MESSAGE,
  TOO_MANY_LOGIN_ATTEMPTS_MESSAGE,
  TOO_MANY_PASSWORD_ATTEMPTS_MESSAGE,
} from '@xsd/contracts/api/auth';
import { ApiError } from '../http/api-error.filter.js';
import type { AttemptStore } from '../rate-limit/attempt-store.js';
import type { HashingLane } from './password-hasher.js';

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
   * flood from many addresses gets 6 a second (10 with siteReserve), and each costs ~10 ms of one
   * core plus a lookup, so all replicas together spend about a tenth of a core on it at most. The hashing gate of each
   * process (see PasswordHasher) bounds a burst on top. Measured on the wall clock all replicas share.
   */
  readonly site: number;
  readonly siteWindowMs: number;
  /**
   * Places on top of `site`, kept for a client's first check in the failure window: 40. A flood's
   * callers lose them after one check each that ran (whatever came of it), so a first-time sign-in finds
   * one free once the flood's addresses have each had theirs: within a window or two for 50 of
   * them. Only a flood from more fresh addresses than the reserve takes in the failure window
   * (40 per 10 s: 3,600 in 15 minutes) could keep it full; the device lane stays open even then.
   */
  readonly siteReserve: number;
  /**
   * Failures with one device cookie (see DeviceCookies) before that device is refused for its
   * account: 5 in the failure window. A device's sign-ins skip the site limit and the client's.
   */
  readonly perDevice: number;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  perClientAndSubject: 5,
  perClient: 20,
  failureWindowMs: 15 * 60_000,
  site: 60,
  siteWindowMs: 10_000,
  siteReserve: 40,
  perDevice: 5,
};

/** A password check about to happen: a sign-in, or the current password of a password change. */
export type PasswordCheck =
  | {
      readonly kind: 'sign-in';
      readonly client: string;
      readonly email: string;
      /** The device a valid device cookie for this email names (DeviceCookies.deviceOf), or none. */
      readonly device?: string | null;
    }
  /** `client` is null when the caller's address is not known: then only the account's own limit applies. */
  | { readonly kind: 'password-change'; readonly client: string; readonly accountId: string };

const SITE_KEY = 'site';
const SITE_RESERVE_KEY = 'site|reserve';

/**
 * The sign-in budget: limits on password checks, kept in the deployment's attempt store so that
 * every API replica counts against the same numbers. A sign-in with a valid device cookie for its
 * email (OWASP's device cookies) is a trusted device's, the others are untrusted clients':
 *
 * - per client and email (or account): failures only, cleared by a success, so staff who mistype
 *   once are never locked out;
 * - per client: failures only, never cleared by one success (an attacker's own account must not
 *   reset it);
 * - per site: every check the first two let through, in a sliding window, with a reserve for
 *   clients' first checks, so a flood cannot starve a newcomer;
 * - per device: a trusted device's failures, cleared by its success. A trusted device meets this
 *   limit only: a flood from elsewhere, or from its own address, never refuses it. Its checks are
 *   bounded by its failures (a device must have signed in before, and five wrong passwords lock it)
 *   and by the hashing gate (see PasswordHasher).
 *
 * The failure limits are read before the check and written after a failure, so checks already in
 * flight may each add one more failure; the site limit, taken atomically before the check, bounds
 * how many can be in flight.
 */
const retryAfter = (ms: number) => ({ 'Retry-After': String(Math.ceil(ms / 1000)) });

/** What the budget let a check do: the hashing lane it earned, and what it took for it (see `notRun`). */
export interface Admission {
  readonly lane: HashingLane;
  /** It took the client's first check in the failure window. */
  readonly first: boolean;
  /** When it took a place in the site's reserve; null when it took none. */
  readonly reserveAt: Date | null;
}

export class SignInBudget implements OnApplicationShutdown {
  constructor(
    /** Owned: closed with the application. */
    private readonly store: AttemptStore,
    private readonly limits: SignInLimits = SIGN_IN_LIMITS,
    /** The site window's clock: real time, which every replica shares (the domain clock may be a test's). */
    private readonly wallClock: () => Date = () => new Date(),
  ) {}

  /**
   * Throws 429 when this check is over a limit; otherwise takes its place in the site's budget and
   * answers the hashing lane it has earned: 'device' for a trusted device, 'first' for a place from
   * the reserve, so that a burst in the shared gate cannot refuse what the budget let through for them.
   */
  async admit(check: PasswordCheck, now: Date): Promise<Admission> {
    if (check.kind === 'sign-in' && check.device) {
      const failures = await this.store.count(this.deviceKey(check.device), now, this.limits.failureWindowMs);
      if (failures >= this.limits.perDevice) throw this.tooMany(check);
      return { lane: 'device', first: false, reserveAt: null };
    }
    const [pairFailures, clientFailures, clientChecks] = await Promise.all([
      this.store.count(this.pairKey(check), now, this.limits.failureWindowMs),
      this.store.count(this.clientKey(check), now, this.limits.failureWindowMs),
      this.store.count(this.checkedKey(check), now, this.limits.failureWindowMs),
    ]);
    if (pairFailures >= this.limits.perClientAndSubject || clientFailures >= this.limits.perClient) throw this.tooMany(check);
    const windowMs = this.limits.siteWindowMs;
    const siteNow = this.wallClock();
    let reserveAt: Date | null = null;
    if (!(await this.store.add(SITE_KEY, siteNow, { windowMs, limit: this.limits.site })).added) {
      const reserve = clientChecks === 0 && (await this.store.add(SITE_RESERVE_KEY, siteNow, { windowMs, limit: this.limits.siteReserve }));
      if (!reserve || !reserve.added) throw new ApiError(429, 'sign_in_busy', SIGN_IN_BUSY_MESSAGE, retryAfter(windowMs));
      reserveAt = siteNow;
    }
    // The client has had its check: the reserve is for first ones, whatever came of it. Only the
    // check that made the mark may take it back (notRun), not one that raced another to it.
    const mark = { windowMs: this.limits.failureWindowMs, limit: 1 };
    const first = clientChecks === 0 && (await this.store.add(this.checkedKey(check), now, mark)).added;
    return { lane: reserveAt ? 'first' : 'shared', first, reserveAt };
  }

  /**
   * An admitted check did not run (its hashing gate was full): a client's first check stays to
   * come, or a newcomer refused in a burst at the gate would have lost the reserve for the whole
   * failure window and met the flood in the shared part alone. Its place in the reserve is given
   * back too, so the reserve only ever counts checks that ran: a flood's fresh addresses, refused at
   * the gate again and again, cannot hold it. A place in the shared part expires as usual.
   */
  async notRun(check: PasswordCheck, admission: Admission): Promise<void> {
    await Promise.all([
      admission.first ? this.store.clear(this.checkedKey(check)) : undefined,
      admission.reserveAt ? this.store.remove(SITE_RESERVE_KEY, admission.reserveAt) : undefined,
    ]);
  }

  /** The password was wrong (or the email unknown). A trusted device's failure counts against that device alone. */
  async failed(check: PasswordCheck, now: Date): Promise<void> {
    if (check.kind === 'sign-in' && check.device) {
      await this.store.add(this.deviceKey(check.device), now, { windowMs: this.limits.failureWindowMs, limit: this.limits.perDevice });
      return;
    }
    await Promise.all([
      this.store.add(this.pairKey(check), now, { windowMs: this.limits.failureWindowMs, limit: this.limits.perClientAndSubject }),
      this.store.add(this.clientKey(check), now, { windowMs: this.limits.failureWindowMs, limit: this.limits.perClient }),
    ]);
  }

  /** The password was right: the pair's (or the device's) failures are forgotten, the client's are not. */
  async succeeded(check: PasswordCheck): Promise<void> {
    await this.store.clear(check.kind === 'sign-in' && check.device ? this.deviceKey(check.device) : this.pairKey(check));
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

  /** Whether the client had a check admitted within the failure window (the first one's time only). */
  private checkedKey(check: PasswordCheck): string {
    return `checked|${check.client}`;
  }

  private deviceKey(device: string): string {
    return `device|${device}`;
  }

  /** By then every failure counted has left the window: a retry is sure to be heard. */
  private tooMany(check: PasswordCheck): ApiError {
    const retry = retryAfter(this.limits.failureWindowMs);
    return check.kind === 'sign-in'
      ? new ApiError(429, 'too_many_login_attempts', TOO_MANY_LOGIN_ATTEMPTS_MESSAGE, retry)
      : new ApiError(429, 'too_many_password_attempts', TOO_MANY_PASSWORD_ATTEMPTS_MESSAGE, retry);
  }
}
