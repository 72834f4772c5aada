import { type DecidedEvent, unreachable } from '../../event-sourcing/decider.js';

/** The site's maintenance switch, as the maintenance decider folds it and the site_settings rows hold it. */
export interface MaintenanceState {
  readonly on: boolean;
  readonly title: string | null;
  readonly message: string | null;
  /** ISO instant; only ever set while on. */
  readonly expectedUpTime: string | null;
}

export type MaintenanceEvent = DecidedEvent<'maintenance.started' | 'maintenance.updated' | 'maintenance.ended'>;

export const initialMaintenanceState: MaintenanceState = { on: false, title: null, message: null, expectedUpTime: null };

/**
 * The decider's `evolve`, and what the site_settings and activity projections fold their rows
 * with, so the rows and the aggregate never disagree: an end clears the message and the end
 * time, keeps the title.
 */
export function evolveMaintenance(state: MaintenanceState, event: MaintenanceEvent): MaintenanceState {
  switch (event.type) {
    case 'maintenance.started':
      return { on: true, ...event.data };
    case 'maintenance.updated':
      return { on: state.on, ...event.data };
    case 'maintenance.ended':
      return { on: false, title: state.title, message: null, expectedUpTime: null };
    default:
      return unreachable(event);
  }
}
