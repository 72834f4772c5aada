import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { StaffPermission } from '@xsd/contracts';
import type { AuthenticatedStaff, StaffRequest } from './staff.types.js';

export const ACCESS_METADATA = 'xsd:staff-access';

/**
 * What a route needs. Routes under /api/admin without one are refused (403) to every signed-in
 * role: the role table denies anything it does not name.
 */
export type Access =
  | { readonly kind: 'permission'; readonly permission: StaffPermission }
  | { readonly kind: 'session' }
  | { readonly kind: 'optional-session' };

/** A signed-in staff member whose role has this permission (401 without a session, 403 without it). */
export const RequirePermission = (permission: StaffPermission) =>
  SetMetadata(ACCESS_METADATA, { kind: 'permission', permission } satisfies Access);

/** Any signed-in staff member, whatever the role (the Overview, one's own password). */
export const RequireSession = () => SetMetadata(ACCESS_METADATA, { kind: 'session' } satisfies Access);

/** The session if there is a live one, else nothing; never refused. */
export const OptionalSession = () => SetMetadata(ACCESS_METADATA, { kind: 'optional-session' } satisfies Access);

/** The signed-in staff member, put on the request by the guard. */
export const CurrentStaff = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedStaff | undefined => {
  return context.switchToHttp().getRequest<StaffRequest>().staff;
});
