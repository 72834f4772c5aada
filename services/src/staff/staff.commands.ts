import { AggregateCommand } from '../event-sourcing/aggregate-handler.js';
import type { StaffAccountCommand, StaffAccountState } from './staff-account.decider.js';
import type { StaffDirectoryCommand, StaffDirectoryState } from './staff-directory.decider.js';

/** On the directory (`xsd.staff.directory`): accounts created, roles changed, accounts deleted. */
export class DecideStaffDirectory extends AggregateCommand<StaffDirectoryCommand, StaffDirectoryState> {}

/** On one account (`xsd.staff.<id>`): sign-in, sign-out, password change. */
export class DecideStaffAccount extends AggregateCommand<StaffAccountCommand, StaffAccountState> {}
