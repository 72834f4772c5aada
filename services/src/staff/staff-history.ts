import { STAFF_DIRECTORY_SUBJECT, staffAccountSubject } from '@xsd/contracts';
import type { EventLog } from '../event-log/event-log.js';
import { fold } from '../event-sourcing/decider.js';
import { readHistory } from '../event-sourcing/aggregate-store.js';
import type { LoadedAggregate } from '../event-sourcing/aggregate-handler.js';
import { type StaffAccountEvent, type StaffAccountState, staffAccountDecider } from './staff-account.decider.js';
import {
  type StaffDirectoryEvent,
  type StaffDirectoryState,
  staffDirectoryDecider,
} from './staff-directory.decider.js';

const DIRECTORY_TYPES = new Set(['staff.account-created', 'staff.role-changed', 'staff.account-deleted']);
const ACCOUNT_TYPES = new Set([...DIRECTORY_TYPES, 'staff.signed-in', 'staff.signed-out', 'staff.password-changed', 'staff.password-reset-requested', 'staff.password-reset']);

export async function loadDirectory(log: EventLog): Promise<LoadedAggregate<StaffDirectoryState>> {
  const history = await readHistory(log, STAFF_DIRECTORY_SUBJECT);
  const events = history.events.map((stored) => stored.event).filter((event) => DIRECTORY_TYPES.has(event.type));
  return { history, state: fold(staffDirectoryDecider, events as StaffDirectoryEvent[]) };
}

/**
 * One account's state (`subject` is its own, `xsd.staff.<id>`): the directory's events about it and
 * its own subject's, in log order. Decisions append to its own subject, so that is the history
 * whose version they rest on.
 */
export async function loadAccount(log: EventLog, subject: string): Promise<LoadedAggregate<StaffAccountState>> {
  const [directory, history] = await Promise.all([readHistory(log, STAFF_DIRECTORY_SUBJECT), readHistory(log, subject)]);
  const events = [...directory.events, ...history.events]
    .filter(({ event }) => {
      const accountId = (event.data as { accountId?: string }).accountId;
      return ACCOUNT_TYPES.has(event.type) && accountId !== undefined && staffAccountSubject(accountId) === subject;
    })
    .sort((a, b) => a.sequence - b.sequence)
    .map((stored) => stored.event as StaffAccountEvent);
  return { history, state: fold(staffAccountDecider, events) };
}
