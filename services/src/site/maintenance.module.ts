import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { siteSettingsProjection } from '../read-models/site-settings/site-settings.projection.js';
import { MaintenanceChanges } from './maintenance-changes.js';
import { DecideMaintenance } from './maintenance.commands.js';
import { maintenanceDecider } from './maintenance.decider.js';

/** The maintenance commands, shared by the API (staff) and the scheduler (wherever it runs). */
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [MaintenanceChanges, aggregateHandler(DecideMaintenance, { decider: maintenanceDecider, projection: siteSettingsProjection.name })],
  exports: [MaintenanceChanges],
})
export class MaintenanceModule {}
