import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { MaintenanceChanges } from './maintenance-changes.js';
import { EndDueMaintenanceHandler, SetMaintenanceHandler } from './maintenance.handlers.js';

/** The maintenance commands, shared by the API (staff) and the scheduler (wherever it runs). */
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [MaintenanceChanges, SetMaintenanceHandler, EndDueMaintenanceHandler],
  exports: [MaintenanceChanges],
})
export class MaintenanceModule {}
