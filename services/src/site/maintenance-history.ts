import { SITE_MAINTENANCE_SUBJECT } from '@xsd/contracts';
import type { EventLog } from '../event-log/event-log.js';
import { readHistory, type SubjectHistory } from '../event-sourcing/aggregate-store.js';
import { fold } from '../event-sourcing/decider.js';
import type { MaintenanceEvent, MaintenanceState } from '../read-models/site-settings/maintenance-state.js';
import { maintenanceDecider } from './maintenance.decider.js';

export async function loadMaintenance(log: EventLog): Promise<{ history: SubjectHistory; state: MaintenanceState }> {
  const history = await readHistory(log, SITE_MAINTENANCE_SUBJECT);
  return { history, state: fold(maintenanceDecider, history.events.map((stored) => stored.event as MaintenanceEvent)) };
}
