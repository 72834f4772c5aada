import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { newEventId, STAFF_DIRECTORY_SUBJECT } from '@xsd/contracts';
import {
  type ChangeStaffRoleRequestSchema,
  type CreateStaffAccountRequestSchema,
  type CreateStaffAccountResponse,
  type DeleteStaffAccountResponse,
  type StaffAccount,
  type StaffAccountResponse,
  type StaffAccountsResponse,
} from '@xsd/contracts/api/admin-users';
import { Inject } from '@nestjs/common';
import { z } from 'zod';
import { ApiError } from '../http/api-error.filter.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { StaffRepository } from '../read-models/staff/staff.repository.js';
import { generatePassword } from './generated-password.js';
import { PasswordHasher } from './password-hasher.js';
import { ACCOUNT_NOT_FOUND_MESSAGE, type StaffDirectoryCommand } from './staff-directory.decider.js';
import { DecideStaffDirectory } from './staff.commands.js';
import { type AuthenticatedStaff, staffActor } from './staff.types.js';

const AccountId = z.uuid();

/** The Users tab: list, create (with a generated password shown once), change role, delete. */
@Injectable()
export class StaffUsersService {
  private readonly logger = new Logger('Staff');

  constructor(
    private readonly commands: CommandBus,
    private readonly staff: StaffRepository,
    private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(): Promise<StaffAccountsResponse> {
    return { items: await this.staff.accounts() };
  }

  async create(by: AuthenticatedStaff, { email, role }: z.output<typeof CreateStaffAccountRequestSchema>): Promise<CreateStaffAccountResponse> {
    const accountId = newEventId(this.clock().getTime());
    const password = generatePassword();
    const passwordHash = await this.hasher.hash(password);
    await this.decide(by, { type: 'CreateStaffAccount', data: { accountId, email, role, passwordHash } });
    this.logger.log(`account ${by.id} created the ${role} account ${accountId}`);
    return { user: await this.account(accountId), password };
  }

  async changeRole(
    by: AuthenticatedStaff,
    id: string,
    { role }: z.output<typeof ChangeStaffRoleRequestSchema>,
  ): Promise<StaffAccountResponse> {
    await this.decide(by, { type: 'ChangeStaffRole', data: { accountId: accountId(id), role } });
    return { user: await this.account(id) };
  }

  async delete(by: AuthenticatedStaff, id: string): Promise<DeleteStaffAccountResponse> {
    await this.decide(by, { type: 'DeleteStaffAccount', data: { accountId: accountId(id), actorId: by.id } });
    return { deleted: id };
  }

  private decide(by: AuthenticatedStaff, command: StaffDirectoryCommand) {
    return this.commands.execute(new DecideStaffDirectory(STAFF_DIRECTORY_SUBJECT, staffActor(by), command));
  }

  private async account(accountId: string): Promise<StaffAccount> {
    const account = await this.staff.account(accountId);
    if (!account) throw new Error(`Staff account ${accountId} is missing from admin_users after its projection caught up`);
    return account;
  }
}

function accountId(id: string): string {
  if (!AccountId.safeParse(id).success) throw new ApiError(404, 'account_not_found', ACCOUNT_NOT_FOUND_MESSAGE);
  return id;
}
