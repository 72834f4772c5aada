import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { APP_CONFIG } from '../core/injection-tokens.js';
import type { AppConfig } from '../config/config.js';
import { openAttemptStore } from '../rate-limit/open-attempt-store.js';
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
import { SIGN_IN_LIMITS, SignInBudget } from './sign-in-budget.js';

/**
 * Staff accounts and sessions: /api/auth/*, the Users tab, the first super admin at start, and the
 * guard that checks the role table on every route of the application (see StaffGuard).
 */
@Module({
  imports: [CqrsModule.forRoot()],
  controllers: [AuthController, StaffUsersController],
  providers: [
    { provide: APP_GUARD, useClass: StaffGuard },
    PasswordHasher,
    // The deployment's attempt store: what every API replica counts sign-in attempts in.
    {
      provide: SignInBudget,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => new SignInBudget(await openAttemptStore(config, SIGN_IN_LIMITS.failureWindowMs)),
    },
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
})
export class StaffModule {}
