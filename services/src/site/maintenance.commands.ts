import { Command } from '@nestjs/cqrs';
import type { SiteSettings } from '@xsd/contracts/api/site';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import type { SetMaintenance } from './maintenance.decider.js';

/** Staff switch maintenance on or off, or change its texts or end time; answers the new settings. */
export class SetMaintenanceCommand extends Command<SiteSettings> {
  constructor(
    readonly settings: SetMaintenance['data'],
    readonly by: AuthenticatedStaff,
  ) {
    super();
  }
}

/** The scheduler's check: ends maintenance whose expected up time has passed. */
export class EndDueMaintenanceCommand extends Command<{ readonly ended: boolean }> {}
