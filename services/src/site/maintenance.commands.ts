import { AggregateCommand } from '../event-sourcing/aggregate-handler.js';
import type { MaintenanceState } from '../read-models/site-settings/maintenance-state.js';
import type { MaintenanceCommand } from './maintenance.decider.js';
import type { CommunityLinksState } from '../read-models/community-links/community-links-state.js';
import type { CommunityLinksCommand } from './community-links.decider.js';

/** On the site's maintenance switch (`xsd.site.maintenance`): staff set it, the scheduler ends it when due. */
export class DecideMaintenance extends AggregateCommand<MaintenanceCommand, MaintenanceState> {}

/** On the community links (`xsd.site.links`): staff set them. */
export class DecideCommunityLinks extends AggregateCommand<CommunityLinksCommand, CommunityLinksState> {}
