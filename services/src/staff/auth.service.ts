import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type LoginRequestSchema,
  type LoginResponse,
  type MeResponse,
  PASSWORD_UPDATED_MESSAGE,
} from '@xsd/contracts/api/auth';
import type { z } from 'zod';
import { CLOCK, type Clock } from '../core/clock.js';
import { DecisionError } from '../event-sourcing/decider.js';
import { StaffRepository } from '../read-models/staff/staff.repository.js';
import { hashSessionToken } from './session-token.js';
import { type PasswordCheck, SignInBudget } from './sign-in-budget.js';
import { ChangePasswordCommand, SignInCommand, SignOutCommand } from './staff.commands.js';
import type { AuthenticatedStaff } from './staff.types.js';

/** Staff sign-in, sign-out, who am I, and one's own password. */
@Injectable()
export class AuthService {
  constructor(
    private readonly commands: CommandBus,
    private readonly staff: StaffRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly budget: SignInBudget,
  ) {}

  /** `client` identifies the caller for the sign-in budget (its IP address). */
  async login({ email, password, kind }: z.output<typeof LoginRequestSchema>, client: string): Promise<LoginResponse> {
    const check: PasswordCheck = { kind: 'sign-in', client, email };
    return this.withinBudget(check, 'login_failed', () => this.commands.execute(new SignInCommand(email, password, kind ?? 'cookie')));
  }

  logout(staff: AuthenticatedStaff | undefined): Promise<boolean> {
    return staff ? this.commands.execute(new SignOutCommand(staff)) : Promise.resolve(false);
  }

  me(staff: AuthenticatedStaff): MeResponse {
    return {
      user: { id: staff.id, email: staff.email, role: staff.role, last_login: staff.lastLogin?.toISOString() ?? null },
    };
  }

  /**
   * `client` is the caller's address, for the per-client part of the budget; without it, wrong
   * current passwords are limited per account alone.
   */
  async changePassword(staff: AuthenticatedStaff, request: ChangePasswordRequest, client: string): Promise<ChangePasswordResponse> {
    const check: PasswordCheck = { kind: 'password-change', client, accountId: staff.id };
    await this.withinBudget(check, 'wrong_password', () =>
      this.commands.execute(new ChangePasswordCommand(staff, request.currentPassword, request.newPassword)),
    );
    return { message: PASSWORD_UPDATED_MESSAGE };
  }

  /** Runs a password check the budget admits; a refusal with `failureCode` counts as a failure, a success clears the pair. */
  private async withinBudget<T>(check: PasswordCheck, failureCode: string, run: () => Promise<T>): Promise<T> {
    await this.budget.admit(check, this.clock());
    try {
      const result = await run();
      await this.budget.succeeded(check);
      return result;
    } catch (error) {
      if (error instanceof DecisionError && error.code === failureCode) await this.budget.failed(check, this.clock());
      throw error;
    }
  }

  /** The live session a token opens, or null (unknown, expired or revoked); records its use. */
  async authenticate(token: string): Promise<AuthenticatedStaff | null> {
    const now = this.clock();
    const session = await this.staff.liveSession(hashSessionToken(token), now);
    if (!session) return null;
    await this.staff.touchSession(session, now);
    return { sessionId: session.sessionId, id: session.id, email: session.email, role: session.role, lastLogin: session.lastLogin };
  }
}
