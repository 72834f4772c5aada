import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { newEventId, STAFF_DIRECTORY_SUBJECT, staffAccountSubject } from '@xsd/contracts';
import {
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  LOGIN_FAILED_MESSAGE,
  type LoginRequestSchema,
  type LoginResponse,
  type MeResponse,
  PASSWORD_UPDATED_MESSAGE,
  STAFF_SESSION_TTL_MS,
} from '@xsd/contracts/api/auth';
import type { z } from 'zod';
import { CLOCK, type Clock } from '../core/clock.js';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog } from '../event-log/event-log.js';
import { DecisionError } from '../event-sourcing/decider.js';
import { ApiError } from '../http/api-error.filter.js';
import { Metrics } from '../metrics/metrics.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { staffProjection } from '../read-models/staff/staff.projection.js';
import { StaffRepository } from '../read-models/staff/staff.repository.js';
import { DeviceCookies } from './device-cookie.js';
import { HashingBusyError, type HashingLane, PasswordHasher } from './password-hasher.js';
import { hashSessionToken, newSessionToken } from './session-token.js';
import { type PasswordCheck, SignInBudget } from './sign-in-budget.js';
import { DecideStaffAccount } from './staff.commands.js';
import { type AuthenticatedStaff, staffActor } from './staff.types.js';

const loginFailed = () => new DecisionError('unauthorized', 'login_failed', LOGIN_FAILED_MESSAGE);

/**
 * The codes a sign-in is refused with, as the API answers them and the refusals metric counts
 * them: wrong email or password, too many failures from the client, or the site's budget (or
 * this process's hashing gate) full.
 */
const SIGN_IN_REFUSALS = new Set(['login_failed', 'too_many_login_attempts', 'sign_in_busy']);

/** A sign-in's session, and the device token to keep for the next one (the device cookie, or the CLI's). */
export interface SignedIn {
  readonly login: LoginResponse;
  readonly deviceToken: string;
}

/** Staff sign-in, sign-out, who am I, and one's own password. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly commands: CommandBus,
    private readonly staff: StaffRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EVENT_LOG) private readonly log: EventLog,
    private readonly progress: ProjectionProgress,
    private readonly hasher: PasswordHasher,
    private readonly budget: SignInBudget,
    private readonly metrics: Metrics,
    private readonly devices: DeviceCookies,
  ) {}

  /**
   * `client` identifies the caller for the sign-in budget (its IP address); `deviceToken` is what
   * the caller kept from an earlier sign-in, if anything: valid and for this email, the sign-in
   * is a trusted device's (see SignInBudget), otherwise it is ignored. Every success hands out a
   * new device token.
   */
  async login({ email, password, kind }: z.output<typeof LoginRequestSchema>, client: string, deviceToken: string | null): Promise<SignedIn> {
    const device = this.devices.deviceOf(deviceToken, email, this.clock());
    const check: PasswordCheck = { kind: 'sign-in', client, email, device };
    try {
      const login = await this.withinBudget(check, 'login_failed', (lane) => this.signIn(email, password, kind ?? 'cookie', lane));
      return { login, deviceToken: this.devices.issue(email, this.clock()) };
    } catch (error) {
      const code = refusalCode(error);
      if (code !== null && SIGN_IN_REFUSALS.has(code)) this.metrics.signInRefusals.inc({ reason: code });
      throw error;
    }
  }

  /**
   * Checks the password and opens a session. Whatever fails (unknown email, wrong password, deleted
   * account), the answer and its cost are the same: one lookup in the read model and one argon2
   * verification (on a stand-in hash when there is no account), nothing else. Only a right password
   * goes on to the account's history, where the log has the last word: a password changed since the
   * read model was written is checked again there.
   * The log lines name the account id at most: never the password, nor what was typed as email.
   */
  async signIn(email: string, password: string, kind: 'cookie' | 'bearer', lane: HashingLane = 'shared'): Promise<LoginResponse> {
    const now = this.clock();
    // An account created a moment ago (by another API process, or at start) must be found.
    await this.progress.waitFor(staffProjection.name, await this.log.subjectSequence(STAFF_DIRECTORY_SUBJECT));
    const credentials = await this.staff.credentialsByEmail(email);
    const matches = await this.hasher.verify(credentials?.passwordHash ?? null, password, lane);
    if (credentials === null || !matches) {
      this.logger.warn(credentials ? `login refused for account ${credentials.id}` : 'login refused: no staff account has that email');
      throw loginFailed();
    }

    const accountId = credentials.id;
    const token = newSessionToken();
    const sessionId = newEventId(now.getTime());
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_MS).toISOString();
    const verified = new Map([[credentials.passwordHash, true]]);
    try {
      const { state } = await this.commands.execute(
        new DecideStaffAccount(
          staffAccountSubject(accountId),
          staffActor({ id: accountId, email: email.trim().toLowerCase() }),
          async (account) => ({
            type: 'SignIn',
            data: {
              accountId,
              passwordMatches: await verifyOnce(this.hasher, verified, account.passwordHash, password, lane),
              sessionId,
              tokenHash: hashSessionToken(token),
              kind,
              expiresAt,
            },
          }),
        ),
      );
      this.logger.log(`signed in: account ${accountId} (${kind})`);
      return { token, expires_at: expiresAt, user: { id: accountId, email: state.email!, role: state.role! } };
    } catch (error) {
      if (error instanceof DecisionError) this.logger.warn(`login refused for account ${accountId}`);
      throw error;
    }
  }

  /** Resolves true when a live session was ended. */
  async logout(staff: AuthenticatedStaff | undefined): Promise<boolean> {
    if (!staff) return false;
    const { events } = await this.commands.execute(
      new DecideStaffAccount(staffAccountSubject(staff.id), staffActor(staff), {
        type: 'SignOut',
        data: { accountId: staff.id, sessionId: staff.sessionId },
      }),
    );
    return events.length > 0;
  }

  me(staff: AuthenticatedStaff): MeResponse {
    return {
      user: { id: staff.id, email: staff.email, role: staff.role, last_login: staff.lastLogin?.toISOString() ?? null },
    };
  }

  /**
   * Verifies the current password, stores the new hash, and ends every other session of the account.
   * `client` is the caller's address, for the per-client part of the budget; without it, wrong
   * current passwords are limited per account alone.
   */
  async changePassword(staff: AuthenticatedStaff, request: ChangePasswordRequest, client: string): Promise<ChangePasswordResponse> {
    const check: PasswordCheck = { kind: 'password-change', client, accountId: staff.id };
    const verified = new Map<string, boolean>();
    let newPasswordHash: string | null = null;
    await this.withinBudget(check, 'wrong_password', (lane) =>
      this.commands.execute(
        new DecideStaffAccount(staffAccountSubject(staff.id), staffActor(staff), async (account) => {
          const currentPasswordMatches = await verifyOnce(this.hasher, verified, account.passwordHash, request.currentPassword, lane);
          // A wrong guess costs one verification, not a hash of the new password as well.
          if (currentPasswordMatches) newPasswordHash ??= await this.hasher.hash(request.newPassword);
          // Without a match the decider refuses before it reads the new hash.
          return {
            type: 'ChangePassword',
            data: { accountId: staff.id, sessionId: staff.sessionId, currentPasswordMatches, newPasswordHash: newPasswordHash ?? '' },
          };
        }),
      ),
    );
    this.logger.log(`password changed: account ${staff.id}; its other sessions ended`);
    return { message: PASSWORD_UPDATED_MESSAGE };
  }

  /**
   * Runs a password check the budget admits, in the hashing lane it earned; a refusal with
   * `failureCode` counts as a failure, a success clears the pair, and a check its hashing gate
   * refused is one that did not run.
   */
  private async withinBudget<T>(check: PasswordCheck, failureCode: string, run: (lane: HashingLane) => Promise<T>): Promise<T> {
    const admission = await this.budget.admit(check, this.clock());
    try {
      const result = await run(admission.lane);
      await this.budget.succeeded(check);
      return result;
    } catch (error) {
      if (error instanceof DecisionError && error.code === failureCode) await this.budget.failed(check, this.clock());
      if (error instanceof HashingBusyError) await this.budget.notRun(check, admission);
      throw error;
    }
  }

  /** The live session a token opens, or null (unknown, expired or revoked); records its use. */
  async authenticate(token: string): Promise<AuthenticatedStaff | null> {
    const now = this.clock();
    const session = await this.staff.liveSession(hashSessionToken(token), now);
    if (!session) return null;
    await this.staff.touchSession(session, now);
    return { sessionId: session.sessionId, id: session.id, email: session.email, role: session.role, lastLogin: session.lastLogin };
  }
}

/** The error code a refusal answers with (a decision's, or an API error's), or null for anything else. */
function refusalCode(error: unknown): string | null {
  return error instanceof DecisionError || error instanceof ApiError ? error.code : null;
}

/** Verifies the password against a hash the decision rests on, once per hash however often it is decided again. */
async function verifyOnce(
  hasher: PasswordHasher,
  verified: Map<string, boolean>,
  hash: string | null,
  password: string,
  lane: HashingLane = 'shared',
): Promise<boolean> {
  if (hash === null) return false;
  let matches = verified.get(hash);
  if (matches === undefined) {
    matches = await hasher.verify(hash, password, lane);
    verified.set(hash, matches);
  }
  return matches;
}
