import { AggregateCommand } from '../event-sourcing/aggregate-handler.js';
import type { MaintenanceCommand, MaintenanceState } from './maintenance.decider.js';

/** On the site's maintenance switch (`xsd.site.maintenance`): staff set it, the scheduler ends it when due. */
export class DecideMaintenance extends AggregateCommand<MaintenanceCommand, MaintenanceState> {}
