import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ChangePasswordRequest,
  ChangePasswordRequestSchema,
  type ChangePasswordResponse,
  LoginRequestSchema,
  type LoginResponse,
  type MeResponse,
  PASSWORD_UPDATED_MESSAGE,
} from '@xsd/contracts/api/auth';
import { parseRequest } from '../api/validation.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { DecisionError } from '../event-sourcing/decider.js';
import { LoginAttempts } from './login-attempts.js';
import { hashSessionToken } from './session-token.js';
import { ChangePasswordCommand, SignInCommand, SignOutCommand } from './staff.commands.js';
import { StaffRepository } from './staff.repository.js';
import type { AuthenticatedStaff } from './staff.types.js';

/** Staff sign-in, sign-out, who am I, and one's own password. */
@Injectable()
export class AuthService {
  constructor(
    private readonly commands: CommandBus,
    private readonly staff: StaffRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly attempts: LoginAttempts,
  ) {}

  /** `client` identifies the caller for the failed-attempt limit (its IP address). */
  async login(body: unknown, client: string): Promise<LoginResponse> {
    const { email, password, kind } = parseRequest(LoginRequestSchema, body);
    const key = LoginAttempts.key(client, email);
    this.attempts.check(key, this.clock());
    try {
      const result: LoginResponse = await this.commands.execute(new SignInCommand(email, password, kind ?? 'cookie'));
      this.attempts.succeeded(key);
      return result;
    } catch (error) {
      if (error instanceof DecisionError && error.code === 'login_failed') this.attempts.failed(key, this.clock());
      throw error;
    }
  }

  logout(staff: AuthenticatedStaff | undefined): Promise<boolean> {
    return staff ? this.commands.execute(new SignOutCommand(staff)) : Promise.resolve(false);
  }

  me(staff: AuthenticatedStaff): MeResponse {
    return {
      user: { id: staff.id, email: staff.email, role: staff.role, last_login: staff.lastLogin?.toISOString() ?? null },
    };
  }

  async changePassword(staff: AuthenticatedStaff, body: unknown): Promise<ChangePasswordResponse> {
    const request: ChangePasswordRequest = parseRequest(ChangePasswordRequestSchema, body, 'invalid_password');
    await this.commands.execute(new ChangePasswordCommand(staff, request.currentPassword, request.newPassword));
    return { message: PASSWORD_UPDATED_MESSAGE };
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
