import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CLOCK, systemClock } from '../core/clock.js';
import { DATABASE } from '../core/tokens.js';
import type { DatabaseHandle } from '../database/database.js';
import { SiteSettingsRepository } from '../read-models/site-settings/site-settings.repository.js';
import { StaffRepository } from '../staff/staff.repository.js';
import { MaintenanceChanges } from './maintenance-changes.js';
import { EndDueMaintenanceHandler, SetMaintenanceHandler } from './maintenance.handlers.js';

/** The maintenance commands, shared by the API (staff) and the scheduler (wherever it runs). */
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    {
      provide: SiteSettingsRepository,
      inject: [DATABASE],
      useFactory: (database: DatabaseHandle) => new SiteSettingsRepository(database.db),
    },
    StaffRepository,
    MaintenanceChanges,
    SetMaintenanceHandler,
    EndDueMaintenanceHandler,
  ],
  exports: [SiteSettingsRepository, MaintenanceChanges, CLOCK],
})
export class MaintenanceModule {}
