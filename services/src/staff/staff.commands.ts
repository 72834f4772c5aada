import { Command } from '@nestjs/cqrs';
import type { StaffRole } from '@xsd/contracts';
import type { StaffAccount } from '@xsd/contracts/api/admin-users';
import type { LoginResponse } from '@xsd/contracts/api/auth';
import type { AuthenticatedStaff } from './staff.types.js';

/** XSD_ADMIN_EMAIL / XSD_ADMIN_PASSWORD: the first super admin, only while no staff account exists. */
export class BootstrapSuperAdminCommand extends Command<{ readonly createdId: string | null }> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}

export class CreateStaffAccountCommand extends Command<{ readonly user: StaffAccount; readonly password: string }> {
  constructor(
    readonly email: string,
    readonly role: StaffRole,
    readonly by: AuthenticatedStaff,
  ) {
    super();
  }
}

export class ChangeStaffRoleCommand extends Command<StaffAccount> {
  constructor(
    readonly accountId: string,
    readonly role: StaffRole,
    readonly by: AuthenticatedStaff,
  ) {
    super();
  }
}

export class DeleteStaffAccountCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly by: AuthenticatedStaff,
  ) {
    super();
  }
}

export class SignInCommand extends Command<LoginResponse> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly kind: 'cookie' | 'bearer',
  ) {
    super();
  }
}

/** Resolves true when a live session was ended. */
export class SignOutCommand extends Command<boolean> {
  constructor(readonly staff: AuthenticatedStaff) {
    super();
  }
}

export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly staff: AuthenticatedStaff,
    readonly currentPassword: string,
    readonly newPassword: string,
  ) {
    super();
  }
}
