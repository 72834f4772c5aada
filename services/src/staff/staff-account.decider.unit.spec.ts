import { describe, expect, it } from 'vitest';
import { DecisionError, fold } from '../event-sourcing/decider.js';
import { type StaffAccountCommand, type StaffAccountEvent, staffAccountDecider } from './staff-account.decider.js';

const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const OLD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$b2xkb2xkb2xkb2xkb2xkb2xkb2xkb2xkb2xkb2xkb2w';
const NEW_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$bmV3bmV3bmV3bmV3bmV3bmV3bmV3bmV3bmV3bmV3bmU';
const ANN = id(2);
const S1 = id(11);
const S2 = id(12);
const S3 = id(13);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const NEXT_WEEK = '2026-11-28T10:00:00.000Z';
const TOKEN_HASH = 'a'.repeat(64);

function when(given: readonly StaffAccountEvent[], command: StaffAccountCommand) {
  return staffAccountDecider.decide(command, fold(staffAccountDecider, given));
}

function refusal(run: () => unknown): DecisionError {
  try {
    run();
  } catch (error) {
    if (error instanceof DecisionError) return error;
    throw error;
  }
  throw new Error('expected a DecisionError');
}

const created: StaffAccountEvent = {
  type: 'staff.account-created',
  data: { accountId: ANN, email: 'ann@example.com', role: 'admin', passwordHash: OLD_HASH },
};
const signedIn = (sessionId: string, expiresAt = NEXT_WEEK): StaffAccountEvent => ({
  type: 'staff.signed-in',
  data: { accountId: ANN, sessionId, tokenHash: TOKEN_HASH, kind: 'cookie', expiresAt },
});
const signIn = (passwordMatches: boolean, sessionId = S3): StaffAccountCommand => ({
  type: 'SignIn',
  data: { accountId: ANN, passwordMatches, sessionId, tokenHash: TOKEN_HASH, kind: 'bearer', expiresAt: NEXT_WEEK },
});
const changePassword = (sessionId: string, currentPasswordMatches = true): StaffAccountCommand => ({
  type: 'ChangePassword',
  data: { accountId: ANN, sessionId, currentPasswordMatches, newPasswordHash: NEW_HASH },
  metadata: { now: NOW },
});

describe('staff account decider', () => {
  describe('when the account exists', () => {
    it('then the right password opens a session', () => {
      expect(when([created], signIn(true))).toEqual([
        { type: 'staff.signed-in', data: { accountId: ANN, sessionId: S3, tokenHash: TOKEN_HASH, kind: 'bearer', expiresAt: NEXT_WEEK } },
      ]);
    });

    it('then a wrong password is refused with the one login message', () => {
      expect(refusal(() => when([created], signIn(false)))).toMatchObject({
        kind: 'unauthorized',
        message: 'Login failed. Please check your credentials.',
      });
    });

    it('then signing out ends a live session once; again, or an unknown session, changes nothing', () => {
      const given = [created, signedIn(S1)];
      const out = when(given, { type: 'SignOut', data: { accountId: ANN, sessionId: S1 } });
      expect(out).toEqual([{ type: 'staff.signed-out', data: { accountId: ANN, sessionId: S1 } }]);
      expect(when([...given, ...out], { type: 'SignOut', data: { accountId: ANN, sessionId: S1 } })).toEqual([]);
      expect(when(given, { type: 'SignOut', data: { accountId: ANN, sessionId: S2 } })).toEqual([]);
    });

    it('then a password change from a live session keeps that session and ends the others', () => {
      const given = [created, signedIn(S1), signedIn(S2)];
      const changed = when(given, changePassword(S1));
      expect(changed).toEqual([{ type: 'staff.password-changed', data: { accountId: ANN, passwordHash: NEW_HASH, keptSessionId: S1 } }]);
      const after = fold(staffAccountDecider, [...given, ...changed]);
      expect(after.passwordHash).toBe(NEW_HASH);
      expect(after.sessions.get(S1)?.ended).toBe(false);
      expect(after.sessions.get(S2)?.ended).toBe(true);
    });

    it('then a password change with the wrong current password is refused', () => {
      expect(refusal(() => when([created, signedIn(S1)], changePassword(S1, false)))).toMatchObject({
        kind: 'invalid',
        message: 'Current password is incorrect',
      });
    });

    it('then a password change from an ended or expired session is refused', () => {
      const ended: StaffAccountEvent = { type: 'staff.signed-out', data: { accountId: ANN, sessionId: S1 } };
      expect(refusal(() => when([created, signedIn(S1), ended], changePassword(S1))).kind).toBe('unauthorized');
      expect(refusal(() => when([created, signedIn(S1, NOW.toISOString())], changePassword(S1))).kind).toBe('unauthorized');
    });
  });

  describe('when the account was deleted', () => {
    const deleted: StaffAccountEvent = { type: 'staff.account-deleted', data: { accountId: ANN, email: 'ann@example.com' } };

    it('then its sessions are over and sign-in is refused like a wrong password', () => {
      const state = fold(staffAccountDecider, [created, signedIn(S1), deleted]);
      expect(state.sessions.get(S1)?.ended).toBe(true);
      expect(refusal(() => when([created, signedIn(S1), deleted], signIn(true))).message).toBe('Login failed. Please check your credentials.');
    });
  });

  describe('when the account never existed', () => {
    it('then sign-in is refused with the same message', () => {
      expect(refusal(() => when([], signIn(true))).message).toBe('Login failed. Please check your credentials.');
    });
  });
});

describe('staff account: password reset links', () => {
  const LINK = 'b'.repeat(64);
  const OTHER_LINK = 'c'.repeat(64);
  const IN_HALF_AN_HOUR = '2026-11-21T10:30:00.000Z';
  const requested = (tokenHash = LINK): StaffAccountEvent => ({
    type: 'staff.password-reset-requested',
    data: { accountId: ANN, tokenHash, expiresAt: IN_HALF_AN_HOUR, by: 'self' },
  });
  const reset = (tokenHash = LINK, now = NOW): StaffAccountCommand => ({
    type: 'ResetPassword',
    data: { accountId: ANN, tokenHash, newPasswordHash: NEW_HASH },
    metadata: { now },
  });

  describe('when the account exists', () => {
    it('then a link is recorded by its hash', () => {
      const command: StaffAccountCommand = { type: 'RequestPasswordReset', data: { accountId: ANN, tokenHash: LINK, expiresAt: IN_HALF_AN_HOUR, by: 'super_admin' } };
      expect(when([created], command)).toEqual([{ type: 'staff.password-reset-requested', data: command.data }]);
    });
  });

  describe('when the account was deleted or never existed', () => {
    it('then no link is issued, and no link works', () => {
      const command: StaffAccountCommand = { type: 'RequestPasswordReset', data: { accountId: ANN, tokenHash: LINK, expiresAt: IN_HALF_AN_HOUR, by: 'self' } };
      expect(refusal(() => when([], command)).code).toBe('account_not_found');
      const deleted: StaffAccountEvent = { type: 'staff.account-deleted', data: { accountId: ANN, email: 'ann@example.com' } };
      expect(refusal(() => when([created, requested(), deleted], reset())).code).toBe('reset_link_invalid');
    });
  });

  describe('when a link was sent', () => {
    it('then it sets the password, which ends every session', () => {
      const events = when([created, signedIn(S1), signedIn(S2), requested()], reset());
      expect(events).toEqual([{ type: 'staff.password-reset', data: { accountId: ANN, tokenHash: LINK, passwordHash: NEW_HASH } }]);
      const state = fold(staffAccountDecider, [created, signedIn(S1), signedIn(S2), requested(), ...events]);
      expect([...state.sessions.values()].every((session) => session.ended)).toBe(true);
      expect(state.passwordHash).toBe(NEW_HASH);
    });

    it('then a link never sent is refused', () => {
      expect(refusal(() => when([created, requested()], reset(OTHER_LINK))).code).toBe('reset_link_invalid');
    });

    it('then it is refused from its expiry on', () => {
      expect(refusal(() => when([created, requested()], reset(LINK, new Date(IN_HALF_AN_HOUR)))).code).toBe('reset_link_expired');
    });

    it('then it works once, and a reset or password change uses up every other link too', () => {
      const done: StaffAccountEvent = { type: 'staff.password-reset', data: { accountId: ANN, tokenHash: LINK, passwordHash: NEW_HASH } };
      expect(refusal(() => when([created, requested(), requested(OTHER_LINK), done], reset())).code).toBe('reset_link_used');
      expect(refusal(() => when([created, requested(), requested(OTHER_LINK), done], reset(OTHER_LINK))).code).toBe('reset_link_used');
      const changed: StaffAccountEvent = { type: 'staff.password-changed', data: { accountId: ANN, passwordHash: NEW_HASH, keptSessionId: S1 } };
      expect(refusal(() => when([created, signedIn(S1), requested(), changed], reset())).code).toBe('reset_link_used');
    });
  });
});
