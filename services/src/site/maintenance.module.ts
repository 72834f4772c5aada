import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { siteSettingsProjection } from '../read-models/site-settings/site-settings.projection.js';
import { MaintenanceChanges } from './maintenance-changes.js';
import { DecideCommunityLinks, DecideMaintenance } from './maintenance.commands.js';
import { communityLinksDecider } from './community-links.decider.js';
import { communityLinksProjection } from '../read-models/community-links/community-links.projection.js';
import { maintenanceDecider } from './maintenance.decider.js';

/** The site's commands (maintenance, community links), shared by the API (staff) and the scheduler (wherever it runs). */
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [
    MaintenanceChanges,
    aggregateHandler(DecideMaintenance, { decider: maintenanceDecider, projection: siteSettingsProjection.name }),
    aggregateHandler(DecideCommunityLinks, { decider: communityLinksDecider, projection: communityLinksProjection.name }),
  ],
  exports: [MaintenanceChanges],
})
export class MaintenanceModule {}
