import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newEventId, STAFF_DIRECTORY_SUBJECT } from '@xsd/contracts';
import { LOGIN_FAILED_MESSAGE, type LoginResponse, STAFF_SESSION_TTL_MS } from '@xsd/contracts/api/auth';
import { CLOCK, type Clock } from '../core/clock.js';
import { EVENT_LOG } from '../core/tokens.js';
import type { EventLog } from '../event-log/event-log.js';
import { decideAndAppend } from '../event-sourcing/aggregate-store.js';
import { DecisionError } from '../event-sourcing/decider.js';
import { ProjectionProgress } from '../projector/projection-progress.js';
import { staffProjection } from '../read-models/staff/staff.projection.js';
import { PasswordHasher } from './password-hasher.js';
import { hashSessionToken, newSessionToken } from './session-token.js';
import { ChangePasswordCommand, SignInCommand, SignOutCommand } from './staff.commands.js';
import { StaffRepository } from './staff.repository.js';
import { staffActor } from './staff.types.js';
import { staffAccountDecider } from './staff-account.decider.js';
import { loadAccount } from './staff-history.js';

const STAFF = staffProjection.name;

const loginFailed = () => new DecisionError('unauthorized', 'login_failed', LOGIN_FAILED_MESSAGE);

/**
 * Checks the password against the account's current hash and opens a session. Whatever fails
 * (unknown email, wrong password, deleted account), the answer and its cost are the same.
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
    const accountId = await this.staff.accountIdByEmail(email);
    if (accountId === null) {
      await this.hasher.verifyNothing(password);
      this.logger.warn('login refused: no staff account has that email');
      throw loginFailed();
    }

    const token = newSessionToken();
    const sessionId = newEventId(now.getTime());
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_MS).toISOString();
    let checked: { hash: string | null; matches: boolean } | null = null;
    try {
      const { sequence, state } = await decideAndAppend({
        log: this.log,
        actor: staffActor({ id: accountId, email: email.trim().toLowerCase() }),
        now,
        load: () => loadAccount(this.log, accountId),
        decide: async (state) => {
          if (checked === null || checked.hash !== state.passwordHash) {
            const matches = state.passwordHash
              ? await this.hasher.verify(state.passwordHash, password)
              : await this.hasher.verifyNothing(password);
            checked = { hash: state.passwordHash, matches };
          }
          return staffAccountDecider.decide(
            {
              type: 'SignIn',
              data: { accountId, passwordMatches: checked.matches, sessionId, tokenHash: hashSessionToken(token), kind, expiresAt },
            },
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
    const newPasswordHash = await this.hasher.hash(newPassword);
    const { sequence } = await decideAndAppend({
      log: this.log,
      actor: staffActor(staff),
      now,
      load: () => loadAccount(this.log, staff.id),
      decide: async (state) => {
        const currentPasswordMatches = state.passwordHash !== null && (await this.hasher.verify(state.passwordHash, currentPassword));
        return staffAccountDecider.decide(
          {
            type: 'ChangePassword',
            data: { accountId: staff.id, sessionId: staff.sessionId, currentPasswordMatches, newPasswordHash },
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
