import { describe, expect, it } from 'vitest';
import { DecisionError, fold } from '../event-sourcing/decider.js';
import {
  type StaffDirectoryCommand,
  type StaffDirectoryEvent,
  staffDirectoryDecider,
} from './staff-directory.decider.js';

const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';
const ROOT = id(1);
const ANN = id(2);
const BOB = id(3);

function when(given: readonly StaffDirectoryEvent[], command: StaffDirectoryCommand) {
  return staffDirectoryDecider.decide(command, fold(staffDirectoryDecider, given));
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

const created = (accountId: string, email: string, role: 'super_admin' | 'admin' | 'calendar_access'): StaffDirectoryEvent => ({
  type: 'staff.account-created',
  data: { accountId, email, role, passwordHash: HASH },
});

describe('staff directory decider', () => {
  describe('when there is no staff account', () => {
    it('then the configured admin becomes the first super admin, email in lower case', () => {
      expect(when([], { type: 'BootstrapSuperAdmin', data: { accountId: ROOT, email: ' Root@Example.COM ', passwordHash: HASH } })).toEqual([
        { type: 'staff.account-created', data: { accountId: ROOT, email: 'root@example.com', role: 'super_admin', passwordHash: HASH } },
      ]);
    });

    it('then changing a role or deleting finds no account', () => {
      expect(refusal(() => when([], { type: 'ChangeStaffRole', data: { accountId: ANN, role: 'admin' } }))).toMatchObject({
        kind: 'not_found',
        message: 'Staff account not found',
      });
      expect(refusal(() => when([], { type: 'DeleteStaffAccount', data: { accountId: ANN, actorId: ROOT } })).kind).toBe('not_found');
    });
  });

  describe('when staff accounts exist', () => {
    const given = [created(ROOT, 'root@example.com', 'super_admin'), created(ANN, 'ann@example.com', 'admin')];

    it('then the bootstrap does nothing, whatever email it is given', () => {
      expect(when(given, { type: 'BootstrapSuperAdmin', data: { accountId: BOB, email: 'bob@example.com', passwordHash: HASH } })).toEqual([]);
    });

    it('then, once every account is deleted, the bootstrap creates one again', () => {
      const gone: StaffDirectoryEvent[] = [created(ROOT, 'root@example.com', 'super_admin'), { type: 'staff.account-deleted', data: { accountId: ROOT, email: 'root@example.com' } }];
      expect(when(gone, { type: 'BootstrapSuperAdmin', data: { accountId: BOB, email: 'bob@example.com', passwordHash: HASH } })).toHaveLength(1);
    });

    it('then a new account is created with its role', () => {
      expect(when(given, { type: 'CreateStaffAccount', data: { accountId: BOB, email: 'bob@example.com', role: 'calendar_access', passwordHash: HASH } })).toEqual([
        created(BOB, 'bob@example.com', 'calendar_access'),
      ]);
    });

    it('then an email already in use, in any case, is refused', () => {
      const error = refusal(() =>
        when(given, { type: 'CreateStaffAccount', data: { accountId: BOB, email: 'ANN@example.com', role: 'admin', passwordHash: HASH } }),
      );
      expect(error).toMatchObject({ kind: 'conflict', code: 'email_taken', message: 'A staff account with this email already exists' });
    });

    it('then the email of a deleted account may be used again', () => {
      const deleted: StaffDirectoryEvent = { type: 'staff.account-deleted', data: { accountId: ANN, email: 'ann@example.com' } };
      expect(when([...given, deleted], { type: 'CreateStaffAccount', data: { accountId: BOB, email: 'ann@example.com', role: 'admin', passwordHash: HASH } })).toHaveLength(1);
    });

    it('then a role changes, recording the previous one', () => {
      expect(when(given, { type: 'ChangeStaffRole', data: { accountId: ANN, role: 'calendar_access' } })).toEqual([
        { type: 'staff.role-changed', data: { accountId: ANN, role: 'calendar_access', previousRole: 'admin' } },
      ]);
    });

    it('then setting the role an account already has changes nothing', () => {
      expect(when(given, { type: 'ChangeStaffRole', data: { accountId: ANN, role: 'admin' } })).toEqual([]);
    });

    it('then the last super admin can be neither demoted nor deleted', () => {
      expect(refusal(() => when(given, { type: 'ChangeStaffRole', data: { accountId: ROOT, role: 'admin' } }))).toMatchObject({
        kind: 'conflict',
        message: 'At least one Super Admin must remain',
      });
      expect(refusal(() => when(given, { type: 'DeleteStaffAccount', data: { accountId: ROOT, actorId: ANN } })).code).toBe('last_super_admin');
    });

    it('then a super admin may be demoted while another remains', () => {
      const two = [...given, created(BOB, 'bob@example.com', 'super_admin')];
      expect(when(two, { type: 'ChangeStaffRole', data: { accountId: ROOT, role: 'admin' } })).toHaveLength(1);
    });

    it('then an account is deleted by someone else, never by itself', () => {
      expect(when(given, { type: 'DeleteStaffAccount', data: { accountId: ANN, actorId: ROOT } })).toEqual([
        { type: 'staff.account-deleted', data: { accountId: ANN, email: 'ann@example.com' } },
      ]);
      expect(refusal(() => when(given, { type: 'DeleteStaffAccount', data: { accountId: ANN, actorId: ANN } }))).toMatchObject({
        kind: 'invalid',
        message: 'You cannot delete your own account',
      });
    });

    it('then a deleted account is gone for later commands', () => {
      const deleted: StaffDirectoryEvent = { type: 'staff.account-deleted', data: { accountId: ANN, email: 'ann@example.com' } };
      expect(refusal(() => when([...given, deleted], { type: 'ChangeStaffRole', data: { accountId: ANN, role: 'admin' } })).kind).toBe('not_found');
    });
  });
});
