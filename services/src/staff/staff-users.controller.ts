import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ChangeStaffRoleRequestSchema,
  CreateStaffAccountRequestSchema,
  type CreateStaffAccountResponse,
  type DeleteStaffAccountResponse,
  type StaffAccountResponse,
  type StaffAccountsResponse,
} from '@xsd/contracts/api/admin-users';
import { type AdminPasswordResetResponse, PasswordResetRequestSchema } from '@xsd/contracts/api/password-reset';
import { parseRequest } from '../http/validation.js';
import { CurrentStaff, RequirePermission } from './auth.decorators.js';
import { PasswordResetService } from './password-reset.service.js';
import { StaffUsersService } from './staff-users.service.js';
import type { AuthenticatedStaff } from './staff.types.js';

/** The Users tab (super admins only). */
@Controller('api/admin/users')
@RequirePermission('users')
export class StaffUsersController {
  constructor(
    private readonly users: StaffUsersService,
    private readonly resets: PasswordResetService,
  ) {}

  @Get()
  list(): Promise<StaffAccountsResponse> {
    return this.users.list();
  }

  @Post()
  create(@CurrentStaff() staff: AuthenticatedStaff, @Body() body: unknown): Promise<CreateStaffAccountResponse> {
    return this.users.create(staff, parseRequest(CreateStaffAccountRequestSchema, body));
  }

  /** A reset link for the account with this email: mailed to it, or answered when no mail is set up. */
  @Post('password-reset')
  @HttpCode(200)
  sendPasswordReset(@CurrentStaff() staff: AuthenticatedStaff, @Body() body: unknown): Promise<AdminPasswordResetResponse> {
    return this.resets.requestBySuperAdmin(staff, parseRequest(PasswordResetRequestSchema, body).email);
  }

  @Patch(':id')
  changeRole(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string, @Body() body: unknown): Promise<StaffAccountResponse> {
    return this.users.changeRole(staff, id, parseRequest(ChangeStaffRoleRequestSchema, body));
  }

  @Delete(':id')
  delete(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string): Promise<DeleteStaffAccountResponse> {
    return this.users.delete(staff, id);
  }
}
