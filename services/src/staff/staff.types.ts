import type { Actor, StaffRole } from '@xsd/contracts';
import type { FastifyRequest } from 'fastify';

/** The signed-in staff member of a request, put there by the StaffGuard. */
export interface AuthenticatedStaff {
  readonly sessionId: string;
  readonly id: string;
  readonly email: string;
  readonly role: StaffRole;
  readonly lastLogin: Date | null;
}

export type StaffRequest = FastifyRequest & { staff?: AuthenticatedStaff };

export function staffActor(staff: Pick<AuthenticatedStaff, 'id' | 'email'>): Actor {
  return { kind: 'staff', id: staff.id, email: staff.email };
}

/** Who the start-up creation of the first super admin is recorded as. */
export const BOOTSTRAP_ACTOR: Actor = { kind: 'system', id: 'admin-bootstrap' };
