import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ChangeStaffRoleRequestSchema,
  type CreateStaffAccountRequestSchema,
  type CreateStaffAccountResponse,
  type DeleteStaffAccountResponse,
  type StaffAccountResponse,
  type StaffAccountsResponse,
} from '@xsd/contracts/api/admin-users';
import { z } from 'zod';
import { ApiError } from '../http/api-error.filter.js';
import { StaffRepository } from '../read-models/staff/staff.repository.js';
import { ACCOUNT_NOT_FOUND_MESSAGE } from './staff-directory.decider.js';
import { ChangeStaffRoleCommand, CreateStaffAccountCommand, DeleteStaffAccountCommand } from './staff.commands.js';
import type { AuthenticatedStaff } from './staff.types.js';

const AccountId = z.uuid();

/** The Users tab: list, create (with a generated password shown once), change role, delete. */
@Injectable()
export class StaffUsersService {
  constructor(
    private readonly commands: CommandBus,
    private readonly staff: StaffRepository,
  ) {}

  async list(): Promise<StaffAccountsResponse> {
    return { items: await this.staff.accounts() };
  }

  create(by: AuthenticatedStaff, { email, role }: z.output<typeof CreateStaffAccountRequestSchema>): Promise<CreateStaffAccountResponse> {
    return this.commands.execute(new CreateStaffAccountCommand(email, role, by));
  }

  async changeRole(
    by: AuthenticatedStaff,
    id: string,
    { role }: z.output<typeof ChangeStaffRoleRequestSchema>,
  ): Promise<StaffAccountResponse> {
    return { user: await this.commands.execute(new ChangeStaffRoleCommand(accountId(id), role, by)) };
  }

  async delete(by: AuthenticatedStaff, id: string): Promise<DeleteStaffAccountResponse> {
    await this.commands.execute(new DeleteStaffAccountCommand(accountId(id), by));
    return { deleted: id };
  }
}

function accountId(id: string): string {
  if (!AccountId.safeParse(id).success) throw new ApiError(404, 'account_not_found', ACCOUNT_NOT_FOUND_MESSAGE);
  return id;
}
