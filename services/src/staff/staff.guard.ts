import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasPermission, ROLE_LABELS } from '@xsd/contracts';
import { NOT_SIGNED_IN_MESSAGE, SESSION_ENDED_MESSAGE } from '@xsd/contracts/api/auth';
import { ApiError } from '../http/api-error.filter.js';
import { type Access, ACCESS_METADATA } from './auth.decorators.js';
import { AuthService } from './auth.service.js';
import { sessionTokenOf } from './session-cookie.js';
import type { StaffRequest } from './staff.types.js';

const ADMIN_PATH = /^\/api\/admin(\/|$)/;

/**
 * The role table, enforced for every route of the application: a route marked with
 * RequirePermission / RequireSession, and every route under /api/admin whether marked or not,
 * needs a live session (401), then the permission (403). Anything else is public.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<StaffRequest>();
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_METADATA, [context.getHandler(), context.getClass()]);
    // The matched route's pattern, not the raw URL: no encoding or casing trick changes it.
    const adminRoute = ADMIN_PATH.test(request.routeOptions.url ?? request.url);
    if (access === undefined && !adminRoute) return true;

    const token = sessionTokenOf(request);
    const staff = token ? await this.auth.authenticate(token) : null;
    if (access?.kind === 'optional-session' && !adminRoute) {
      if (staff) request.staff = staff;
      return true;
    }
    if (!staff) throw new ApiError(401, 'unauthorized', token === null ? NOT_SIGNED_IN_MESSAGE : SESSION_ENDED_MESSAGE);
    request.staff = staff;

    if (access?.kind === 'session') return true;
    if (access?.kind === 'permission' && hasPermission(staff.role, access.permission)) return true;
    const what = access?.kind === 'permission' ? `the ${access.permission} permission` : 'this';
    throw new ApiError(403, 'forbidden', `Your role (${ROLE_LABELS[staff.role]}) does not allow ${what}.`);
  }
}
