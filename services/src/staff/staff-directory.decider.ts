import type { StaffRole } from '@xsd/contracts';
import { type DecidedEvent, type Decider, DecisionError, unreachable } from '../event-sourcing/decider.js';

/** Which staff accounts exist (`xsd.staff.directory`): the rules that span accounts live here. */
export interface StaffDirectoryState {
  readonly accounts: ReadonlyMap<string, { readonly email: string; readonly role: StaffRole }>;
}

export type StaffDirectoryEvent = DecidedEvent<'staff.account-created' | 'staff.role-changed' | 'staff.account-deleted'>;

interface NewAccount {
  readonly accountId: string;
  readonly email: string;
  readonly passwordHash: string;
}

/** XSD_ADMIN_EMAIL / XSD_ADMIN_PASSWORD at start: a super admin, only while there is no staff at all. */
export interface BootstrapSuperAdmin {
  readonly type: 'BootstrapSuperAdmin';
  readonly data: NewAccount;
}

export interface CreateStaffAccount {
  readonly type: 'CreateStaffAccount';
  readonly data: NewAccount & { readonly role: StaffRole };
}

export interface ChangeStaffRole {
  readonly type: 'ChangeStaffRole';
  readonly data: { readonly accountId: string; readonly role: StaffRole };
}

export interface DeleteStaffAccount {
  readonly type: 'DeleteStaffAccount';
  /** `actorId`: who asks; nobody deletes their own account. */
  readonly data: { readonly accountId: string; readonly actorId: string };
}

export type StaffDirectoryCommand = BootstrapSuperAdmin | CreateStaffAccount | ChangeStaffRole | DeleteStaffAccount;

export const EMAIL_TAKEN_MESSAGE = 'A staff account with this email already exists';
export const ACCOUNT_NOT_FOUND_MESSAGE = 'Staff account not found';
export const LAST_SUPER_ADMIN_MESSAGE = 'At least one Super Admin must remain';
export const OWN_ACCOUNT_MESSAGE = 'You cannot delete your own account';

export const initialStaffDirectoryState: StaffDirectoryState = { accounts: new Map() };

function existing(state: StaffDirectoryState, accountId: string) {
  const account = state.accounts.get(accountId);
  if (!account) throw new DecisionError('not_found', 'account_not_found', ACCOUNT_NOT_FOUND_MESSAGE);
  return account;
}

function superAdminCount(state: StaffDirectoryState): number {
  return [...state.accounts.values()].filter((account) => account.role === 'super_admin').length;
}

function created(data: NewAccount, role: StaffRole): StaffDirectoryEvent {
  return {
    type: 'staff.account-created',
    data: { accountId: data.accountId, email: data.email.trim().toLowerCase(), role, passwordHash: data.passwordHash },
  };
}

export const staffDirectoryDecider: Decider<StaffDirectoryCommand, StaffDirectoryEvent, StaffDirectoryState> = {
  initialState: initialStaffDirectoryState,

  decide(command, state) {
    switch (command.type) {
      case 'BootstrapSuperAdmin':
        return state.accounts.size > 0 ? [] : [created(command.data, 'super_admin')];

      case 'CreateStaffAccount': {
        const email = command.data.email.trim().toLowerCase();
        const taken = [...state.accounts.values()].some((account) => account.email === email);
        if (taken || state.accounts.has(command.data.accountId)) {
          throw new DecisionError('conflict', 'email_taken', EMAIL_TAKEN_MESSAGE);
        }
        return [created(command.data, command.data.role)];
      }

      case 'ChangeStaffRole': {
        const { accountId, role } = command.data;
        const account = existing(state, accountId);
        if (account.role === role) return [];
        if (account.role === 'super_admin' && superAdminCount(state) === 1) {
          throw new DecisionError('conflict', 'last_super_admin', LAST_SUPER_ADMIN_MESSAGE);
        }
        return [{ type: 'staff.role-changed', data: { accountId, role, previousRole: account.role } }];
      }

      case 'DeleteStaffAccount': {
        const { accountId, actorId } = command.data;
        const account = existing(state, accountId);
        if (accountId === actorId) throw new DecisionError('invalid', 'own_account', OWN_ACCOUNT_MESSAGE);
        if (account.role === 'super_admin' && superAdminCount(state) === 1) {
          throw new DecisionError('conflict', 'last_super_admin', LAST_SUPER_ADMIN_MESSAGE);
        }
        return [{ type: 'staff.account-deleted', data: { accountId, email: account.email } }];
      }

      default:
        return unreachable(command);
    }
  },

  evolve(state, event) {
    const accounts = new Map(state.accounts);
    switch (event.type) {
      case 'staff.account-created':
        accounts.set(event.data.accountId, { email: event.data.email, role: event.data.role });
        break;
      case 'staff.role-changed': {
        const account = accounts.get(event.data.accountId);
        if (account) accounts.set(event.data.accountId, { ...account, role: event.data.role });
        break;
      }
      case 'staff.account-deleted':
        accounts.delete(event.data.accountId);
        break;
      default:
        return unreachable(event);
    }
    return { accounts };
  },
};
