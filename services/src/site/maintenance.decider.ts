import { EXPECTED_UP_TIME_IN_PAST_MESSAGE } from '@xsd/contracts/api/site-update';
import { type Decider, DecisionError, unreachable } from '../event-sourcing/decider.js';
import {
  evolveMaintenance,
  initialMaintenanceState,
  type MaintenanceEvent,
  type MaintenanceState,
} from '../read-models/site-settings/maintenance-state.js';


/** Staff set the switch. A field left undefined keeps its value; null clears it. */
export interface SetMaintenance {
  readonly type: 'SetMaintenance';
  readonly data: {
    readonly on: boolean;
    readonly title?: string | null;
    readonly message?: string | null;
    readonly expectedUpTime?: string | null;
  };
  readonly metadata: { readonly now: Date };
}

/** The scheduler's check: end maintenance whose expected up time has come. */
export interface EndDueMaintenance {
  readonly type: 'EndDueMaintenance';
  /** The staff id the ended row names as updater (the newest super admin), if any. */
  readonly data: { readonly recordedBy: string | null };
  readonly metadata: { readonly now: Date };
}

export type MaintenanceCommand = SetMaintenance | EndDueMaintenance;

function setMaintenance({ data, metadata }: SetMaintenance, state: MaintenanceState): MaintenanceEvent[] {
  const title = data.title === undefined ? state.title : data.title;
  const message = data.message === undefined ? state.message : data.message;

  if (!data.on) {
    if (state.on) return [{ type: 'maintenance.ended', data: { reason: 'staff', recordedBy: null } }];
    // Off and staying off: the texts may be prepared for next time; an end time means nothing yet.
    if (title === state.title && message === state.message) return [];
    return [{ type: 'maintenance.updated', data: { title, message, expectedUpTime: null } }];
  }

  const expectedUpTime = data.expectedUpTime === undefined ? state.expectedUpTime : data.expectedUpTime;
  // A new end time must lie ahead; one already announced may be sent back unchanged with other edits.
  if (
    expectedUpTime !== null &&
    expectedUpTime !== state.expectedUpTime &&
    Date.parse(expectedUpTime) <= metadata.now.getTime()
  ) {
    throw new DecisionError('invalid', 'expected_up_time_in_past', EXPECTED_UP_TIME_IN_PAST_MESSAGE);
  }
  const fields = { title, message, expectedUpTime };
  if (!state.on) return [{ type: 'maintenance.started', data: fields }];
  if (title === state.title && message === state.message && expectedUpTime === state.expectedUpTime) return [];
  return [{ type: 'maintenance.updated', data: fields }];
}

function endDueMaintenance({ data, metadata }: EndDueMaintenance, state: MaintenanceState): MaintenanceEvent[] {
  if (!state.on || state.expectedUpTime === null) return [];
  if (Date.parse(state.expectedUpTime) > metadata.now.getTime()) return [];
  return [{ type: 'maintenance.ended', data: { reason: 'schedule', recordedBy: data.recordedBy } }];
}

export const maintenanceDecider: Decider<MaintenanceCommand, MaintenanceEvent, MaintenanceState> = {
  initialState: initialMaintenanceState,

  decide(command, state) {
    switch (command.type) {
      case 'SetMaintenance':
        return setMaintenance(command, state);
      case 'EndDueMaintenance':
        return endDueMaintenance(command, state);
      default:
        return unreachable(command);
    }
  },

  /** The state is the site_settings read model's (stored on `xsd.site.maintenance`): its projection folds the same way. */
  evolve: evolveMaintenance,
};
