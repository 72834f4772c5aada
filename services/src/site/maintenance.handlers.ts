import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '@xsd/contracts';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { CLOCK, type Clock } from '../core/clock.js';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog } from '../event-log/event-log.js';
import { decideAndAppend } from '../event-sourcing/aggregate-store.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { siteSettingsProjection } from '../read-models/site-settings/site-settings.projection.js';
import { SiteSettingsRepository } from '../read-models/site-settings/site-settings.repository.js';
import { StaffRepository } from '../read-models/staff/staff.repository.js';
import { staffActor } from '../staff/staff.types.js';
import { maintenanceDecider } from './maintenance.decider.js';
import { EndDueMaintenanceCommand, SetMaintenanceCommand } from './maintenance.commands.js';
import { MaintenanceChanges } from './maintenance-changes.js';
import { loadMaintenance } from './maintenance-history.js';

export const SCHEDULER_ACTOR: Actor = { kind: 'system', id: 'maintenance-scheduler' };

@CommandHandler(SetMaintenanceCommand)
export class SetMaintenanceHandler implements ICommandHandler<SetMaintenanceCommand> {
  private readonly logger = new Logger('Maintenance');

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
    private readonly siteSettings: SiteSettingsRepository,
    private readonly changes: MaintenanceChanges,
  ) {}

  async execute({ settings, by }: SetMaintenanceCommand): Promise<SiteSettings> {
    const now = this.clock();
    const { events, sequence } = await decideAndAppend({
      log: this.log,
      actor: staffActor(by),
      now,
      load: () => loadMaintenance(this.log),
      decide: (state) => maintenanceDecider.decide({ type: 'SetMaintenance', data: settings, metadata: { now } }, state),
    });
    // Read-your-writes: answer with the settings as GET /api/site now shows them.
    await this.progress.waitFor(siteSettingsProjection.name, sequence);
    for (const event of events) this.logger.log(`${event.type} by ${by.email}`);
    if (events.length > 0) this.changes.changed();
    return this.siteSettings.current();
  }
}

/**
 * Ends overdue maintenance, recording the newest super admin as updater (the spec's rule). Two
 * schedulers racing both decide "end", one append wins, the other reloads and finds it ended.
 */
@CommandHandler(EndDueMaintenanceCommand)
export class EndDueMaintenanceHandler implements ICommandHandler<EndDueMaintenanceCommand> {
  private readonly logger = new Logger('Maintenance');

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly staff: StaffRepository,
  ) {}

  async execute(): Promise<{ ended: boolean }> {
    const now = this.clock();
    const recordedBy = await this.staff.newestSuperAdminId();
    const { events } = await decideAndAppend({
      log: this.log,
      actor: SCHEDULER_ACTOR,
      now,
      load: () => loadMaintenance(this.log),
      decide: (state) => maintenanceDecider.decide({ type: 'EndDueMaintenance', data: { recordedBy }, metadata: { now } }, state),
    });
    if (events.length > 0) this.logger.log('maintenance ended: its expected up time has passed');
    return { ended: events.length > 0 };
  }
}
