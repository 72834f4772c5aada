import {
  RESET_LINK_EXPIRED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_USED_MESSAGE,
} from '@xsd/contracts/api/password-reset';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  SESSION_ENDED_MESSAGE,
} from '@xsd/contracts/api/auth';
import type { StaffRole } from '@xsd/contracts';
import { ACCOUNT_NOT_FOUND_MESSAGE } from './staff-directory.decider.js';
import { type DecidedEvent, type Decider, DecisionError, unreachable } from '../event-sourcing/decider.js';

/**
 * One staff account's password and sessions (`xsd.staff.<id>`), folded together with the
 * directory's events about the same account (created, role changed, deleted).
 */
export interface StaffAccountState {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly email: string | null;
  readonly role: StaffRole | null;
  /** argon2id hash of the current password. */
  readonly passwordHash: string | null;
  readonly sessions: ReadonlyMap<string, { readonly expiresAt: string; readonly ended: boolean }>;
  /** Reset links by the SHA-256 of their token; a password change or reset uses them all up. */
  readonly resetLinks: ReadonlyMap<string, { readonly expiresAt: string; readonly used: boolean }>;
}

export type StaffAccountEvent = DecidedEvent<
  | 'staff.account-created'
  | 'staff.role-changed'
  | 'staff.account-deleted'
  | 'staff.signed-in'
  | 'staff.signed-out'
  | 'staff.password-changed'
  | 'staff.password-reset-requested'
  | 'staff.password-reset'
>;

/**
 * Sign-in with a password the handler checked against `passwordHash` (argon2 is slow and not
 * pure, so it runs outside; the rule that a wrong one is refused lives here).
 */
export interface SignIn {
  readonly type: 'SignIn';
  readonly data: {
    readonly accountId: string;
    readonly passwordMatches: boolean;
    readonly sessionId: string;
    readonly tokenHash: string;
    readonly kind: 'cookie' | 'bearer';
    readonly expiresAt: string;
  };
}

export interface SignOut {
  readonly type: 'SignOut';
  readonly data: { readonly accountId: string; readonly sessionId: string };
}

/** From the session `sessionId`; the current password was checked by the handler. */
export interface ChangePassword {
  readonly type: 'ChangePassword';
  readonly data: {
    readonly accountId: string;
    readonly sessionId: string;
    readonly currentPasswordMatches: boolean;
    readonly newPasswordHash: string;
  };
  readonly metadata: { readonly now: Date };
}

/** A reset link for the account: its token went to the account's email, or to a super admin. */
export interface RequestPasswordReset {
  readonly type: 'RequestPasswordReset';
  readonly data: {
    readonly accountId: string;
    readonly tokenHash: string;
    readonly expiresAt: string;
    readonly by: 'self' | 'super_admin';
  };
}

/** A new password through a reset link; the handler hashed it only once the link was found good (resetLinkProblem). */
export interface ResetPassword {
  readonly type: 'ResetPassword';
  readonly data: { readonly accountId: string; readonly tokenHash: string; readonly newPasswordHash: string };
  readonly metadata: { readonly now: Date };
}

export type StaffAccountCommand = SignIn | SignOut | ChangePassword | RequestPasswordReset | ResetPassword;

/** Why a reset link cannot set a password now, or null when it can. */
export function resetLinkProblem(state: StaffAccountState, tokenHash: string, now: Date): DecisionError | null {
  const link = state.resetLinks.get(tokenHash);
  if (state.status !== 'active' || !link) return new DecisionError('invalid', 'reset_link_invalid', RESET_LINK_INVALID_MESSAGE);
  if (link.used) return new DecisionError('invalid', 'reset_link_used', RESET_LINK_USED_MESSAGE);
  if (Date.parse(link.expiresAt) <= now.getTime()) return new DecisionError('invalid', 'reset_link_expired', RESET_LINK_EXPIRED_MESSAGE);
  return null;
}

function useResetLinks(state: StaffAccountState): StaffAccountState['resetLinks'] {
  return new Map([...state.resetLinks].map(([hash, link]) => [hash, { ...link, used: true }]));
}

export const initialStaffAccountState: StaffAccountState = {
  status: 'absent',
  email: null,
  role: null,
  passwordHash: null,
  sessions: new Map(),
  resetLinks: new Map(),
};

function isLive(state: StaffAccountState, sessionId: string, now: Date): boolean {
  const session = state.sessions.get(sessionId);
  return session !== undefined && !session.ended && Date.parse(session.expiresAt) > now.getTime();
}

function endSessions(state: StaffAccountState, keep: string | null): StaffAccountState['sessions'] {
  return new Map([...state.sessions].map(([id, session]) => [id, id === keep ? session : { ...session, ended: true }]));
}

export const staffAccountDecider: Decider<StaffAccountCommand, StaffAccountEvent, StaffAccountState> = {
  initialState: initialStaffAccountState,

  decide(command, state) {
    switch (command.type) {
      case 'SignIn': {
        // One message whatever went wrong: no hint whether the email or the password was.
        if (state.status !== 'active' || !command.data.passwordMatches) {
          throw new DecisionError('unauthorized', 'login_failed', LOGIN_FAILED_MESSAGE);
        }
        const { accountId, sessionId, tokenHash, kind, expiresAt } = command.data;
        return [{ type: 'staff.signed-in', data: { accountId, sessionId, tokenHash, kind, expiresAt } }];
      }

      case 'SignOut': {
        const session = state.sessions.get(command.data.sessionId);
        if (!session || session.ended) return [];
        return [{ type: 'staff.signed-out', data: command.data }];
      }

      case 'ChangePassword': {
        const { accountId, sessionId, currentPasswordMatches, newPasswordHash } = command.data;
        if (state.status !== 'active' || !isLive(state, sessionId, command.metadata.now)) {
          throw new DecisionError('unauthorized', 'session_ended', SESSION_ENDED_MESSAGE);
        }
        if (!currentPasswordMatches) {
          throw new DecisionError('invalid', 'wrong_password', CURRENT_PASSWORD_WRONG_MESSAGE);
        }
        return [
          { type: 'staff.password-changed', data: { accountId, passwordHash: newPasswordHash, keptSessionId: sessionId } },
        ];
      }

      case 'RequestPasswordReset': {
        if (state.status !== 'active') throw new DecisionError('not_found', 'account_not_found', ACCOUNT_NOT_FOUND_MESSAGE);
        return [{ type: 'staff.password-reset-requested', data: command.data }];
      }

      case 'ResetPassword': {
        const { accountId, tokenHash, newPasswordHash } = command.data;
        const problem = resetLinkProblem(state, tokenHash, command.metadata.now);
        if (problem) throw problem;
        return [{ type: 'staff.password-reset', data: { accountId, tokenHash, passwordHash: newPasswordHash } }];
      }

      default:
        return unreachable(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'staff.account-created':
        return { ...state, status: 'active', email: event.data.email, role: event.data.role, passwordHash: event.data.passwordHash };
      case 'staff.role-changed':
        return { ...state, role: event.data.role };
      case 'staff.account-deleted':
        return { ...state, status: 'deleted', sessions: endSessions(state, null) };
      case 'staff.signed-in': {
        const sessions = new Map(state.sessions);
        sessions.set(event.data.sessionId, { expiresAt: event.data.expiresAt, ended: false });
        return { ...state, sessions };
      }
      case 'staff.signed-out': {
        const session = state.sessions.get(event.data.sessionId);
        if (!session) return state;
        const sessions = new Map(state.sessions);
        sessions.set(event.data.sessionId, { ...session, ended: true });
        return { ...state, sessions };
      }
      case 'staff.password-changed':
        return {
          ...state,
          passwordHash: event.data.passwordHash,
          sessions: endSessions(state, event.data.keptSessionId),
          resetLinks: useResetLinks(state),
        };
      case 'staff.password-reset-requested': {
        const resetLinks = new Map(state.resetLinks);
        resetLinks.set(event.data.tokenHash, { expiresAt: event.data.expiresAt, used: false });
        return { ...state, resetLinks };
      }
      case 'staff.password-reset':
        return { ...state, passwordHash: event.data.passwordHash, sessions: endSessions(state, null), resetLinks: useResetLinks(state) };
      default:
        return unreachable(event);
    }
  },
};
