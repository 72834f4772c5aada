import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { APP_CONFIG } from '../core/injection-tokens.js';
import type { AppConfig } from '../config/config.js';
import { openAttemptStore } from '../rate-limit/open-attempt-store.js';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { staffProjection } from '../read-models/staff/staff.projection.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { DeviceCookies } from './device-cookie.js';
import { DEVICE_KEY, loadDeviceKey } from './device-key.js';
import { PasswordHasher } from './password-hasher.js';
import { StaffBootstrap } from './staff-bootstrap.service.js';
import { StaffUsersController } from './staff-users.controller.js';
import { StaffUsersService } from './staff-users.service.js';
import { StaffGuard } from './staff.guard.js';
import { staffAccountDecider } from './staff-account.decider.js';
import { DecideStaffAccount, DecideStaffDirectory } from './staff.commands.js';
import { staffDirectoryDecider } from './staff-directory.decider.js';
import { loadAccount, loadDirectory } from './staff-history.js';
import { SIGN_IN_LIMITS, SignInBudget } from './sign-in-budget.js';
import { MAILER, smtpMailer } from '../mail/mailer.js';
import { PasswordResetBudget } from './password-reset-budget.js';
import { PasswordResetService } from './password-reset.service.js';

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
    // One key for every API replica: a device cookie one issued, any other accepts.
    { provide: DEVICE_KEY, inject: [APP_CONFIG], useFactory: (config: AppConfig) => loadDeviceKey(config) },
    { provide: DeviceCookies, inject: [DEVICE_KEY], useFactory: (key: Buffer) => new DeviceCookies(key) },
    // Counted in the same attempt store as sign-ins (keys of its own), with the same window.
    {
      provide: PasswordResetBudget,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => new PasswordResetBudget(await openAttemptStore(config, SIGN_IN_LIMITS.failureWindowMs)),
    },
    // Null without XSD_SMTP_URL: no 'Forgot Password', reset links go to super admins.
    { provide: MAILER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => (config.mail ? smtpMailer(config.mail) : null) },
    PasswordResetService,
    AuthService,
    StaffUsersService,
    StaffBootstrap,
    aggregateHandler(DecideStaffDirectory, { decider: staffDirectoryDecider, projection: staffProjection.name, load: loadDirectory }),
    aggregateHandler(DecideStaffAccount, { decider: staffAccountDecider, projection: staffProjection.name, load: loadAccount }),
  ],
})
export class StaffModule {}
