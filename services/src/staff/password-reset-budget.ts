import type { OnApplicationShutdown } from '@nestjs/common';
import { TOO_MANY_RESET_ATTEMPTS_MESSAGE, TOO_MANY_RESET_REQUESTS_MESSAGE } from '@xsd/contracts/api/password-reset';
import { ApiError } from '../http/api-error.filter.js';
import type { AttemptStore } from '../rate-limit/attempt-store.js';

/** How many reset requests and link tries are taken, each within `windowMs`. */
export interface PasswordResetLimits {
  /** Requests for one email from one client: 3. */
  readonly perClientAndEmail: number;
  /** Requests from one client, whatever the emails: 10. */
  readonly perClient: number;
  /** Requests for one email from anywhere: 5, so nobody fills a staff member's mailbox. */
  readonly perEmail: number;
  /** Requests from a trusted device (a device cookie for the email, see DeviceCookies): 5; it skips the limits above. */
  readonly perDevice: number;
  /** Requests to the whole site: 200, about what a mail server takes from us without complaint. */
  readonly site: number;
  /** Links that did not work (unknown, used, expired) from one client: 10. */
  readonly failedLinksPerClient: number;
  readonly windowMs: number;
}

export const PASSWORD_RESET_LIMITS: PasswordResetLimits = {
  perClientAndEmail: 3,
  perClient: 10,
  perEmail: 5,
  perDevice: 5,
  site: 200,
  failedLinksPerClient: 10,
  windowMs: 15 * 60_000,
};

const retryAfter = (ms: number) => ({ 'Retry-After': String(Math.ceil(ms / 1000)) });

/**
 * The reset routes' limits, in the sign-in budget's attempt store (every API replica counts
 * together). A request counts whatever its email, so known and unknown emails cost the same and
 * are refused alike. A request bringing a device cookie for its email (OWASP's device cookies, as
 * at sign-in) is limited per device only: a flood of requests for that email from elsewhere
 * cannot keep its owner from a reset link.
 */
export class PasswordResetBudget implements OnApplicationShutdown {
  constructor(
    /** Owned: closed with the application. */
    private readonly store: AttemptStore,
    private readonly limits: PasswordResetLimits = PASSWORD_RESET_LIMITS,
  ) {}

  /** Takes the request's places, or throws 429 when one is full. */
  async admitRequest(client: string, email: string, device: string | null, now: Date): Promise<void> {
    const normalised = email.trim().toLowerCase();
    const keys: [string, number][] = device
      ? [[`reset|device|${device}`, this.limits.perDevice]]
      : [
          [`reset|pair|${client}|${normalised}`, this.limits.perClientAndEmail],
          [`reset|client|${client}`, this.limits.perClient],
          [`reset|email|${normalised}`, this.limits.perEmail],
          ['reset|site', this.limits.site],
        ];
    const counts = await Promise.all(keys.map(([key]) => this.store.count(key, now, this.limits.windowMs)));
    if (counts.some((count, n) => count >= keys[n][1])) throw this.tooMany(TOO_MANY_RESET_REQUESTS_MESSAGE, 'too_many_reset_requests');
    await Promise.all(keys.map(([key, limit]) => this.store.add(key, now, { windowMs: this.limits.windowMs, limit })));
  }

  /** Throws 429 once the client has tried too many links that did not work. */
  async admitLink(client: string, now: Date): Promise<void> {
    const failures = await this.store.count(this.failedLinkKey(client), now, this.limits.windowMs);
    if (failures >= this.limits.failedLinksPerClient) throw this.tooMany(TOO_MANY_RESET_ATTEMPTS_MESSAGE, 'too_many_reset_attempts');
  }

  async linkFailed(client: string, now: Date): Promise<void> {
    await this.store.add(this.failedLinkKey(client), now, { windowMs: this.limits.windowMs, limit: this.limits.failedLinksPerClient });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }

  private failedLinkKey(client: string): string {
    return `reset|failed-link|${client}`;
  }

  private tooMany(message: string, code: string): ApiError {
    return new ApiError(429, code, message, retryAfter(this.limits.windowMs));
  }
}
