import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { CLOCK, systemClock } from '../core/clock.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { PasswordHasher } from './password-hasher.js';
import { StaffBootstrap } from './staff-bootstrap.service.js';
import {
  BootstrapSuperAdminHandler,
  ChangeStaffRoleHandler,
  CreateStaffAccountHandler,
  DeleteStaffAccountHandler,
} from './staff-directory.handlers.js';
import { ChangePasswordHandler, SignInHandler, SignOutHandler } from './staff-session.handlers.js';
import { StaffUsersController } from './staff-users.controller.js';
import { StaffUsersService } from './staff-users.service.js';
import { StaffGuard } from './staff.guard.js';
import { StaffRepository } from './staff.repository.js';
import { LoginAttempts } from './login-attempts.js';

/**
 * Staff accounts and sessions: /api/auth/*, the Users tab, the first super admin at start, and the
 * guard that checks the role table on every route of the application (see StaffGuard).
 */
@Module({
  imports: [CqrsModule.forRoot()],
  controllers: [AuthController, StaffUsersController],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    { provide: APP_GUARD, useClass: StaffGuard },
    PasswordHasher,
    StaffRepository,
    // One limiter per application, so each test app (and each API process) counts on its own.
    { provide: LoginAttempts, useFactory: () => new LoginAttempts() },
    AuthService,
    StaffUsersService,
    StaffBootstrap,
    BootstrapSuperAdminHandler,
    CreateStaffAccountHandler,
    ChangeStaffRoleHandler,
    DeleteStaffAccountHandler,
    SignInHandler,
    SignOutHandler,
    ChangePasswordHandler,
  ],
  exports: [StaffRepository],
})
export class StaffModule {}
