import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  SESSION_ENDED_MESSAGE,
} from '@xsd/contracts/api/auth';
import type { StaffRole } from '@xsd/contracts';
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
}

export type StaffAccountEvent = DecidedEvent<
  | 'staff.account-created'
  | 'staff.role-changed'
  | 'staff.account-deleted'
  | 'staff.signed-in'
  | 'staff.signed-out'
  | 'staff.password-changed'
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

export type StaffAccountCommand = SignIn | SignOut | ChangePassword;

export const initialStaffAccountState: StaffAccountState = {
  status: 'absent',
  email: null,
  role: null,
  passwordHash: null,
  sessions: new Map(),
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
        return { ...state, passwordHash: event.data.passwordHash, sessions: endSessions(state, event.data.keptSessionId) };
      default:
        return unreachable(event);
    }
  },
};
