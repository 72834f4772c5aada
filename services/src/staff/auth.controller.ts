import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ChangePasswordRequestSchema,
  type ChangePasswordResponse,
  LoginRequestSchema,
  type LoginResponse,
  type LogoutResponse,
  type MeResponse,
} from '@xsd/contracts/api/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRequest } from '../http/validation.js';
import { CurrentStaff, OptionalSession, RequireSession } from './auth.decorators.js';
import { AuthService } from './auth.service.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import type { AuthenticatedStaff } from './staff.types.js';

@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /** Sets the session cookie for the browser and returns the same token for the CLI's bearer use. */
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) response: FastifyReply): Promise<LoginResponse> {
    // request.ip believes X-Forwarded-For only from XSD_TRUSTED_PROXIES.
    const result = await this.auth.login(parseRequest(LoginRequestSchema, body), request.ip);
    setSessionCookie(request, response, result.token, result.expires_at);
    return result;
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
}
