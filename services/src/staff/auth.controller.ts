import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ChangePasswordRequestSchema,
  type ChangePasswordResponse,
  LoginRequestSchema,
  type LoginResponse,
  type LogoutResponse,
  type MeResponse,
} from '@xsd/contracts/api/auth';
import {
  type PasswordResetAvailability,
  PasswordResetConfirmSchema,
  type PasswordResetDoneResponse,
  type PasswordResetRequestedResponse,
  PasswordResetRequestSchema,
} from '@xsd/contracts/api/password-reset';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRequest } from '../http/validation.js';
import { CurrentStaff, OptionalSession, RequireSession } from './auth.decorators.js';
import { AuthService } from './auth.service.js';
import { deviceTokenOf, setDeviceCookie } from './device-cookie.js';
import { PasswordResetService } from './password-reset.service.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import type { AuthenticatedStaff } from './staff.types.js';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly resets: PasswordResetService,
  ) {}

  /**
   * Sets the session and device cookies for the browser and returns the same session token for the
   * CLI's bearer use, with its device token (`kind: 'bearer'`).
   */
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) response: FastifyReply): Promise<LoginResponse> {
    const given = parseRequest(LoginRequestSchema, body);
    // request.ip believes X-Forwarded-For only from XSD_TRUSTED_PROXIES.
    const { login, deviceToken } = await this.auth.login(given, request.ip, deviceTokenOf(request, given.device_token));
    setSessionCookie(request, response, login.token, login.expires_at);
    setDeviceCookie(request, response, deviceToken);
    return given.kind === 'bearer' ? { ...login, device_token: deviceToken } : login;
  }

  /** Ends the session server-side; answers 200 even without one, and always clears the cookie. */
  @Post('logout')
  @HttpCode(200)
  @OptionalSession()
  async logout(
    @CurrentStaff() staff: AuthenticatedStaff | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<LogoutResponse> {
    clearSessionCookie(request, response);
    return { signed_out: await this.auth.logout(staff) };
  }

  @Get('me')
  @RequireSession()
  me(@CurrentStaff() staff: AuthenticatedStaff): MeResponse {
    return this.auth.me(staff);
  }

  @Post('password')
  @HttpCode(200)
  @RequireSession()
  changePassword(
    @CurrentStaff() staff: AuthenticatedStaff,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<ChangePasswordResponse> {
    return this.auth.changePassword(staff, parseRequest(ChangePasswordRequestSchema, body, 'invalid_password'), request.ip);
  }

  /** Whether the login page offers 'Forgot Password' (mail is set up). */
  @Get('password-reset')
  passwordResetAvailability(): PasswordResetAvailability {
    return this.resets.availability();
  }

  /** 202 with the same body for every email; the mail, if any, goes out after the answer. */
  @Post('password-reset')
  @HttpCode(202)
  requestPasswordReset(@Body() body: unknown, @Req() request: FastifyRequest): Promise<PasswordResetRequestedResponse> {
    const { email } = parseRequest(PasswordResetRequestSchema, body);
    return this.resets.request(email, request.ip, deviceTokenOf(request, undefined));
  }

  @Post('password-reset/confirm')
  @HttpCode(200)
  confirmPasswordReset(@Body() body: unknown, @Req() request: FastifyRequest): Promise<PasswordResetDoneResponse> {
    return this.resets.confirm(parseRequest(PasswordResetConfirmSchema, body), request.ip);
  }
}
