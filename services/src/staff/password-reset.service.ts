import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Actor, STAFF_DIRECTORY_SUBJECT, staffAccountSubject } from '@xsd/contracts';
import {
  type AdminPasswordResetResponse,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PASSWORD_RESET_TTL_MS,
  PASSWORD_RESET_UNAVAILABLE_MESSAGE,
  type PasswordResetAvailability,
  type PasswordResetConfirm,
  type PasswordResetDoneResponse,
  type PasswordResetRequestedResponse,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_PARAMETER,
} from '@xsd/contracts/api/password-reset';
import type { AppConfig } from '../config/config.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { APP_CONFIG, EVENT_LOG } from '../core/injection-tokens.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import type { EventLog } from '../event-log/event-log.js';
import { DecisionError } from '../event-sourcing/decider.js';
import { ApiError } from '../http/api-error.filter.js';
import { MAILER, type Mailer } from '../mail/mailer.js';
import { staffProjection } from '../read-models/staff/staff.projection.js';
import { StaffRepository } from '../read-models/staff/staff.repository.js';
import { DeviceCookies } from './device-cookie.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordResetBudget } from './password-reset-budget.js';
import { resetLinkProblem } from './staff-account.decider.js';
import { ACCOUNT_NOT_FOUND_MESSAGE } from './staff-directory.decider.js';
import { DecideStaffAccount } from './staff.commands.js';
import { type AuthenticatedStaff, staffActor } from './staff.types.js';

/** Requests waiting for their mail; more are dropped (and logged), the answer is the same. */
const OUTBOX_LIMIT = 100;
/** `<account id>.<32 random bytes, base64url>`: the account to load, and the secret only its hash is kept of. */
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9_-]{43}$/;
const SELF_SERVICE: Actor = { kind: 'system', id: 'password-reset' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidLink = () => new DecisionError('invalid', 'reset_link_invalid', RESET_LINK_INVALID_MESSAGE);

/** What goes out by mail: to the account's email, the link, and who asked. */
interface ResetMail {
  readonly email: string;
  readonly link: string;
  readonly by: 'self' | 'super_admin';
}

/**
 * Staff password recovery by a one-time link (`/admin?reset=<token>`, 30 minutes). A request from
 * the login page is answered before anything about the email is looked up: its email joins an
 * outbox, which finds the account, records the link and mails it after the answer has gone, so the
 * answer, its status and its time are the same for every email. A super admin's request (the
 * Passwords tab, `xsd users reset-link`) mails the link too, or, without mail, answers it.
 * Log lines name account ids at most: never an email that was typed, a token, or the SMTP URL.
 */
@Injectable()
export class PasswordResetService implements OnApplicationShutdown {
  private readonly logger = new Logger('PasswordReset');
  private readonly outbox: (() => Promise<void>)[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly commands: CommandBus,
    private readonly staff: StaffRepository,
    private readonly hasher: PasswordHasher,
    private readonly budget: PasswordResetBudget,
    private readonly devices: DeviceCookies,
    private readonly progress: ProjectionProgress,
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAILER) private readonly mailer: Mailer | null,
  ) {}

  availability(): PasswordResetAvailability {
    return { by_email: this.mailer !== null };
  }

  /** `client` is the caller's address; `deviceToken` a device cookie, which lifts the per-email limits for its own email. */
  async request(email: string, client: string, deviceToken: string | null): Promise<PasswordResetRequestedResponse> {
    if (!this.mailer) throw new ApiError(404, 'password_reset_unavailable', PASSWORD_RESET_UNAVAILABLE_MESSAGE);
    const now = this.clock();
    await this.budget.admitRequest(client, email, this.devices.deviceOf(deviceToken, email, now), now);
    this.enqueue(() => this.sendToSelf(email));
    return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
  }

  /**
   * A super admin's reset of another account (or their own): the link is mailed to the account
   * when mail is set up, else answered for the super admin to hand over.
   */
  async requestBySuperAdmin(by: AuthenticatedStaff, email: string): Promise<AdminPasswordResetResponse> {
    const account = await this.findAccount(email);
    if (!account) throw new ApiError(404, 'account_not_found', ACCOUNT_NOT_FOUND_MESSAGE);
    const { link, expiresAt } = await this.issue(account.id, staffActor(by), 'super_admin');
    this.logger.log(`account ${by.id} issued a reset link for account ${account.id}`);
    if (!this.mailer) return { sent_to: null, link, expires_at: expiresAt };
    this.enqueue(() => this.mail({ email: account.email, link, by: 'super_admin' }));
    return { sent_to: account.email, link: null, expires_at: expiresAt };
  }

  /** Sets the new password if the link is good, and ends every session of the account. */
  async confirm({ token, password }: PasswordResetConfirm, client: string): Promise<PasswordResetDoneResponse> {
    await this.budget.admitLink(client, this.clock());
    try {
      const accountId = TOKEN.exec(token)?.[1];
      if (!accountId) throw invalidLink();
      const tokenHash = hashToken(token);
      let passwordHash: string | null = null;
      await this.commands.execute(
        new DecideStaffAccount(staffAccountSubject(accountId), { kind: 'staff', id: accountId }, async (account) => {
          // A link that does not work costs a lookup, not a hash of the new password as well.
          if (resetLinkProblem(account, tokenHash, this.clock()) === null) passwordHash ??= await this.hasher.hash(password);
          return { type: 'ResetPassword', data: { accountId, tokenHash, newPasswordHash: passwordHash ?? '' } };
        }),
      );
      this.logger.log(`password reset by link: account ${accountId}; every session ended`);
      return { message: PASSWORD_RESET_DONE_MESSAGE };
    } catch (error) {
      if (error instanceof DecisionError && error.code.startsWith('reset_link_')) await this.budget.linkFailed(client, this.clock());
      throw error;
    }
  }

  /** Resolves once every mail queued so far has been handled (sent, or failed and logged). */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Finishes the mail under way; those still waiting are dropped (a slow server must not hold up the stop). */
  async onApplicationShutdown(): Promise<void> {
    const dropped = this.outbox.splice(0).length;
    if (dropped > 0) this.logger.warn(`stopping: ${dropped} password reset mail(s) not sent`);
    await this.settled();
    this.mailer?.close();
  }

  private enqueue(job: () => Promise<void>): void {
    if (this.outbox.length >= OUTBOX_LIMIT) {
      this.logger.warn(`password reset outbox full (${OUTBOX_LIMIT}): a request was dropped`);
      return;
    }
    this.outbox.push(job);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** One at a time, after the answers: a slow mail server holds up the outbox, never a request. */
  private async drain(): Promise<void> {
    // Let the answer that queued the job leave first.
    await new Promise((resolve) => setImmediate(resolve));
    for (let job = this.outbox.shift(); job; job = this.outbox.shift()) {
      await job().catch((error: unknown) => this.logger.warn(`password reset mail not sent: ${(error as Error).message}`));
    }
  }

  private async sendToSelf(email: string): Promise<void> {
    const account = await this.findAccount(email);
    if (!account) return;
    const { link } = await this.issue(account.id, SELF_SERVICE, 'self');
    await this.mail({ email: account.email, link, by: 'self' });
    this.logger.log(`password reset link mailed: account ${account.id}`);
  }

  private async findAccount(email: string): Promise<{ id: string; email: string } | null> {
    // An account created a moment ago (by another API process) must be found.
    await this.progress.waitFor(staffProjection.name, await this.log.subjectSequence(STAFF_DIRECTORY_SUBJECT));
    const credentials = await this.staff.credentialsByEmail(email);
    const account = credentials ? await this.staff.account(credentials.id) : null;
    return account ? { id: account.id, email: account.email } : null;
  }

  /** Records a new link (its token's hash) for the account and answers the link. */
  private async issue(accountId: string, actor: Actor, by: 'self' | 'super_admin'): Promise<{ link: string; expiresAt: string }> {
    const token = `${accountId}.${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(this.clock().getTime() + PASSWORD_RESET_TTL_MS).toISOString();
    await this.commands.execute(
      new DecideStaffAccount(staffAccountSubject(accountId), actor, {
        type: 'RequestPasswordReset',
        data: { accountId, tokenHash: hashToken(token), expiresAt, by },
      }),
    );
    const link = new URL('/admin', this.config.publicUrl);
    link.searchParams.set(RESET_LINK_PARAMETER, token);
    return { link: link.toString(), expiresAt };
  }

  private async mail({ email, link, by }: ResetMail): Promise<void> {
    const why =
      by === 'self'
        ? `Someone, hopefully you, asked to reset the password of the staff account ${email}.`
        : `A super admin sent you a link to set a new password for the staff account ${email}.`;
    await this.mailer!.send({
      to: email,
      subject: 'Reset your staff password',
      text: [
        why,
        '',
        'Open this link within 30 minutes to choose a new password. It works once, and signs out every session of the account:',
        '',
        link,
        '',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  }
}
