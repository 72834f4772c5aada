import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CLOCK, systemClock } from '../core/clock.js';
import { StaffRepository } from '../staff/staff.repository.js';
import { MaintenanceChanges } from './maintenance-changes.js';
import { EndDueMaintenanceHandler, SetMaintenanceHandler } from './maintenance.handlers.js';

/** The maintenance commands, shared by the API (staff) and the scheduler (wherever it runs). */
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    StaffRepository,
    MaintenanceChanges,
    SetMaintenanceHandler,
    EndDueMaintenanceHandler,
  ],
  exports: [MaintenanceChanges, CLOCK],
})
export class MaintenanceModule {}
