import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newEventId, StaffEmail } from '@xsd/contracts';
import type { StaffAccount } from '@xsd/contracts/api/admin-users';
import { MIN_PASSWORD_LENGTH } from '@xsd/contracts/api/auth';
import { CLOCK, type Clock } from '../core/clock.js';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog } from '../event-log/event-log.js';
import { decideAndAppend } from '../event-sourcing/aggregate-store.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { staffProjection } from '../read-models/staff/staff.projection.js';
import { StaffRepository } from '../read-models/staff/staff.repository.js';
import { generatePassword } from './generated-password.js';
import { PasswordHasher } from './password-hasher.js';
import {
  BootstrapSuperAdminCommand,
  ChangeStaffRoleCommand,
  CreateStaffAccountCommand,
  DeleteStaffAccountCommand,
} from './staff.commands.js';
import { BOOTSTRAP_ACTOR, staffActor } from './staff.types.js';
import { staffDirectoryDecider } from './staff-directory.decider.js';
import { loadDirectory } from './staff-history.js';

const STAFF = staffProjection.name;

/** The configured first admin is unusable: said once, clearly, at start. */
export class AdminBootstrapError extends Error {
  override name = 'AdminBootstrapError';
}

@CommandHandler(BootstrapSuperAdminCommand)
export class BootstrapSuperAdminHandler implements ICommandHandler<BootstrapSuperAdminCommand> {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
  ) {}

  async execute({ email, password }: BootstrapSuperAdminCommand): Promise<{ createdId: string | null }> {
    const now = this.clock();
    const accountId = newEventId(now.getTime());
    let passwordHash: string | null = null;
    const { events } = await decideAndAppend({
      log: this.log,
      actor: BOOTSTRAP_ACTOR,
      now,
      load: () => loadDirectory(this.log),
      decide: async (state) => {
        if (state.accounts.size > 0) return [];
        if (!StaffEmail.safeParse(email.trim()).success) {
          throw new AdminBootstrapError('XSD_ADMIN_EMAIL is not a valid email address');
        }
        if (password.length < MIN_PASSWORD_LENGTH) {
          throw new AdminBootstrapError(`XSD_ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long`);
        }
        passwordHash ??= await this.hasher.hash(password);
        return staffDirectoryDecider.decide({ type: 'BootstrapSuperAdmin', data: { accountId, email, passwordHash } }, state);
      },
    });
    return { createdId: events.length > 0 ? accountId : null };
  }
}

@CommandHandler(CreateStaffAccountCommand)
export class CreateStaffAccountHandler implements ICommandHandler<CreateStaffAccountCommand> {
  private readonly logger = new Logger('Staff');

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
    private readonly hasher: PasswordHasher,
    private readonly staff: StaffRepository,
  ) {}

  async execute({ email, role, by }: CreateStaffAccountCommand): Promise<{ user: StaffAccount; password: string }> {
    const now = this.clock();
    const accountId = newEventId(now.getTime());
    const password = generatePassword();
    const passwordHash = await this.hasher.hash(password);
    const { sequence } = await decideAndAppend({
      log: this.log,
      actor: staffActor(by),
      now,
      load: () => loadDirectory(this.log),
      decide: (state) =>
        staffDirectoryDecider.decide({ type: 'CreateStaffAccount', data: { accountId, email, role, passwordHash } }, state),
    });
    await this.progress.waitFor(STAFF, sequence);
    this.logger.log(`${by.email} created the ${role} account ${accountId}`);
    return { user: await requireAccount(this.staff, accountId), password };
  }
}

@CommandHandler(ChangeStaffRoleCommand)
export class ChangeStaffRoleHandler implements ICommandHandler<ChangeStaffRoleCommand> {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
    private readonly staff: StaffRepository,
  ) {}

  async execute({ accountId, role, by }: ChangeStaffRoleCommand): Promise<StaffAccount> {
    const { sequence } = await decideAndAppend({
      log: this.log,
      actor: staffActor(by),
      now: this.clock(),
      load: () => loadDirectory(this.log),
      decide: (state) => staffDirectoryDecider.decide({ type: 'ChangeStaffRole', data: { accountId, role } }, state),
    });
    await this.progress.waitFor(STAFF, sequence);
    return requireAccount(this.staff, accountId);
  }
}

@CommandHandler(DeleteStaffAccountCommand)
export class DeleteStaffAccountHandler implements ICommandHandler<DeleteStaffAccountCommand> {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute({ accountId, by }: DeleteStaffAccountCommand): Promise<void> {
    const { sequence } = await decideAndAppend({
      log: this.log,
      actor: staffActor(by),
      now: this.clock(),
      load: () => loadDirectory(this.log),
      decide: (state) => staffDirectoryDecider.decide({ type: 'DeleteStaffAccount', data: { accountId, actorId: by.id } }, state),
    });
    await this.progress.waitFor(STAFF, sequence);
  }
}

async function requireAccount(staff: StaffRepository, accountId: string): Promise<StaffAccount> {
  const account = await staff.account(accountId);
  if (!account) throw new Error(`Staff account ${accountId} is missing from admin_users after its projection caught up`);
  return account;
}
