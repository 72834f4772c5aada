import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newEventId, STAFF_DIRECTORY_SUBJECT } from '@xsd/contracts';
import { LOGIN_FAILED_MESSAGE, type LoginResponse, STAFF_SESSION_TTL_MS } from '@xsd/contracts/api/auth';
import { CLOCK, type Clock } from '../core/clock.js';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog } from '../event-log/event-log.js';
import { decideAndAppend } from '../event-sourcing/aggregate-store.js';
import { DecisionError } from '../event-sourcing/decider.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { staffProjection } from '../read-models/staff/staff.projection.js';
import { StaffRepository } from '../read-models/staff/staff.repository.js';
import { PasswordHasher } from './password-hasher.js';
import { hashSessionToken, newSessionToken } from './session-token.js';
import { ChangePasswordCommand, SignInCommand, SignOutCommand } from './staff.commands.js';
import { staffActor } from './staff.types.js';
import { staffAccountDecider } from './staff-account.decider.js';
import { loadAccount } from './staff-history.js';

const STAFF = staffProjection.name;

const loginFailed = () => new DecisionError('unauthorized', 'login_failed', LOGIN_FAILED_MESSAGE);

/**
 * Checks the password and opens a session. Whatever fails (unknown email, wrong password, deleted
 * account), the answer and its cost are the same: one lookup in the read model and one argon2
 * verification (on a stand-in hash when there is no account), nothing else. Only a right password
 * goes on to the account's history, where the log has the last word: a password changed since the
 * read model was written is checked again there.
 * The log lines name the account id at most: never the password, nor what was typed as email.
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  private readonly logger = new Logger('Auth');

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
    private readonly hasher: PasswordHasher,
    private readonly staff: StaffRepository,
  ) {}

  async execute({ email, password, kind }: SignInCommand): Promise<LoginResponse> {
    const now = this.clock();
    // An account created a moment ago (by another API process, or at start) must be found.
    await this.progress.waitFor(STAFF, await this.log.subjectSequence(STAFF_DIRECTORY_SUBJECT));
    const credentials = await this.staff.credentialsByEmail(email);
    const matches = await this.hasher.verify(credentials?.passwordHash ?? null, password);
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
      const { sequence, state } = await decideAndAppend({
        log: this.log,
        actor: staffActor({ id: accountId, email: email.trim().toLowerCase() }),
        now,
        load: () => loadAccount(this.log, accountId),
        decide: async (state) => {
          const passwordMatches = await verifyOnce(this.hasher, verified, state.passwordHash, password);
          return staffAccountDecider.decide(
            { type: 'SignIn', data: { accountId, passwordMatches, sessionId, tokenHash: hashSessionToken(token), kind, expiresAt } },
            state,
          );
        },
      });
      await this.progress.waitFor(STAFF, sequence);
      this.logger.log(`signed in: account ${accountId} (${kind})`);
      return { token, expires_at: expiresAt, user: { id: accountId, email: state.email!, role: state.role! } };
    } catch (error) {
      if (error instanceof DecisionError) this.logger.warn(`login refused for account ${accountId}`);
      throw error;
    }
  }
}

/** Verifies the password against a hash the decision rests on, once per hash however often it is decided again. */
async function verifyOnce(hasher: PasswordHasher, verified: Map<string, boolean>, hash: string | null, password: string): Promise<boolean> {
  if (hash === null) return false;
  let matches = verified.get(hash);
  if (matches === undefined) {
    matches = await hasher.verify(hash, password);
    verified.set(hash, matches);
  }
  return matches;
}

@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand> {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute({ staff }: SignOutCommand): Promise<boolean> {
    const { events, sequence } = await decideAndAppend({
      log: this.log,
      actor: staffActor(staff),
      now: this.clock(),
      load: () => loadAccount(this.log, staff.id),
      decide: (state) =>
        staffAccountDecider.decide({ type: 'SignOut', data: { accountId: staff.id, sessionId: staff.sessionId } }, state),
    });
    await this.progress.waitFor(STAFF, sequence);
    return events.length > 0;
  }
}

/** Verifies the current password, stores the new hash, and ends every other session of the account. */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  private readonly logger = new Logger('Auth');

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ staff, currentPassword, newPassword }: ChangePasswordCommand): Promise<void> {
    const now = this.clock();
    const verified = new Map<string, boolean>();
    let newPasswordHash: string | null = null;
    const { sequence } = await decideAndAppend({
      log: this.log,
      actor: staffActor(staff),
      now,
      load: () => loadAccount(this.log, staff.id),
      decide: async (state) => {
        const currentPasswordMatches = await verifyOnce(this.hasher, verified, state.passwordHash, currentPassword);
        // A wrong guess costs one verification, not a hash of the new password as well.
        if (currentPasswordMatches) newPasswordHash ??= await this.hasher.hash(newPassword);
        return staffAccountDecider.decide(
          {
            type: 'ChangePassword',
            // Without a match the decider refuses before it reads the new hash.
            data: { accountId: staff.id, sessionId: staff.sessionId, currentPasswordMatches, newPasswordHash: newPasswordHash ?? '' },
            metadata: { now },
          },
          state,
        );
      },
    });
    await this.progress.waitFor(STAFF, sequence);
    this.logger.log(`password changed: account ${staff.id}; its other sessions ended`);
  }
}
