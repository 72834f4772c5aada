import { describe, expect, it } from 'vitest';
import { DecisionError, fold } from '../event-sourcing/decider.js';
import type { MaintenanceEvent } from '../read-models/site-settings/maintenance-state.js';
import { type MaintenanceCommand, maintenanceDecider, type SetMaintenance } from './maintenance.decider.js';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const IN_ONE_HOUR = '2026-11-21T11:00:00.000Z';
const SUPER_ADMIN = '0190a000-0000-7000-8000-00000000000a';

/** given these events, when this command: the events decided (or the error thrown). */
function when(given: readonly MaintenanceEvent[], command: MaintenanceCommand): readonly MaintenanceEvent[] {
  return maintenanceDecider.decide(command, fold(maintenanceDecider, given));
}

const set = (data: SetMaintenance['data'], now = NOW): SetMaintenance => ({ type: 'SetMaintenance', data, metadata: { now } });
const endDue = (now: Date, recordedBy: string | null = SUPER_ADMIN): MaintenanceCommand => ({
  type: 'EndDueMaintenance',
  data: { recordedBy },
  metadata: { now },
});

const started = (data: Partial<MaintenanceEvent['data']> = {}): MaintenanceEvent => ({
  type: 'maintenance.started',
  data: { title: 'Upgrade', message: 'Back soon', expectedUpTime: IN_ONE_HOUR, ...data } as never,
});
const ended: MaintenanceEvent = { type: 'maintenance.ended', data: { reason: 'staff', recordedBy: null } };

function expectRefusal(run: () => unknown, message: string) {
  let error: unknown;
  try {
    run();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(DecisionError);
  expect(error).toMatchObject({ kind: 'invalid', message });
}

describe('maintenance decider', () => {
  describe('when maintenance is off', () => {
    it('then switching it on starts it with the texts and end time given', () => {
      expect(when([], set({ on: true, title: 'Upgrade', message: 'Back at noon', expectedUpTime: IN_ONE_HOUR }))).toEqual([
        { type: 'maintenance.started', data: { title: 'Upgrade', message: 'Back at noon', expectedUpTime: IN_ONE_HOUR } },
      ]);
    });

    it('then switching it on with nothing else starts it with the default texts and no end time', () => {
      expect(when([], set({ on: true }))).toEqual([
        { type: 'maintenance.started', data: { title: null, message: null, expectedUpTime: null } },
      ]);
    });

    it('then an end time that is not in the future is refused', () => {
      expectRefusal(() => when([], set({ on: true, expectedUpTime: NOW.toISOString() })), 'expected_up_time must be in the future');
      expectRefusal(() => when([], set({ on: true, expectedUpTime: '2026-11-21T09:00:00.000Z' })), 'expected_up_time must be in the future');
    });

    it('then switching it off again changes nothing', () => {
      expect(when([], set({ on: false }))).toEqual([]);
      expect(when([started(), ended], set({ on: false, expectedUpTime: IN_ONE_HOUR }))).toEqual([]);
    });

    it('then new texts are kept for next time, without an end time', () => {
      expect(when([started(), ended], set({ on: false, message: 'Next week', expectedUpTime: IN_ONE_HOUR }))).toEqual([
        { type: 'maintenance.updated', data: { title: 'Upgrade', message: 'Next week', expectedUpTime: null } },
      ]);
    });

    it('then the scheduler has nothing to end', () => {
      expect(when([], endDue(new Date('2030-01-01T00:00:00Z')))).toEqual([]);
      expect(when([started(), ended], endDue(new Date('2030-01-01T00:00:00Z')))).toEqual([]);
    });

    it('then starting again after an end keeps the title but not the cleared message', () => {
      expect(when([started(), ended], set({ on: true }))).toEqual([
        { type: 'maintenance.started', data: { title: 'Upgrade', message: null, expectedUpTime: null } },
      ]);
    });
  });

  describe('when maintenance is on', () => {
    const given = [started()];

    it('then switching it off ends it by staff', () => {
      expect(when(given, set({ on: false }))).toEqual([{ type: 'maintenance.ended', data: { reason: 'staff', recordedBy: null } }]);
    });

    it('then changed texts update it and omitted fields keep their values', () => {
      expect(when(given, set({ on: true, message: 'Later than planned' }))).toEqual([
        { type: 'maintenance.updated', data: { title: 'Upgrade', message: 'Later than planned', expectedUpTime: IN_ONE_HOUR } },
      ]);
    });

    it('then null clears a text or the end time', () => {
      expect(when(given, set({ on: true, title: null, expectedUpTime: null }))).toEqual([
        { type: 'maintenance.updated', data: { title: null, message: 'Back soon', expectedUpTime: null } },
      ]);
    });

    it('then the same settings again change nothing', () => {
      expect(when(given, set({ on: true, title: 'Upgrade', message: 'Back soon', expectedUpTime: IN_ONE_HOUR }))).toEqual([]);
    });

    it('then a new end time in the past is refused, but the announced one may be sent back unchanged', () => {
      const later = new Date('2026-11-21T12:00:00.000Z');
      expectRefusal(() => when(given, set({ on: true, expectedUpTime: '2026-11-21T11:30:00.000Z' }, later)), 'expected_up_time must be in the future');
      expect(when(given, set({ on: true, message: 'Nearly there', expectedUpTime: IN_ONE_HOUR }, later))).toEqual([
        { type: 'maintenance.updated', data: { title: 'Upgrade', message: 'Nearly there', expectedUpTime: IN_ONE_HOUR } },
      ]);
    });

    it('then the scheduler does nothing before the end time', () => {
      expect(when(given, endDue(new Date('2026-11-21T10:59:59.999Z')))).toEqual([]);
    });

    it('then the scheduler ends it at the end time, naming who it records as updater', () => {
      expect(when(given, endDue(new Date(IN_ONE_HOUR)))).toEqual([
        { type: 'maintenance.ended', data: { reason: 'schedule', recordedBy: SUPER_ADMIN } },
      ]);
      expect(when(given, endDue(new Date('2026-11-22T00:00:00Z'), null))).toEqual([
        { type: 'maintenance.ended', data: { reason: 'schedule', recordedBy: null } },
      ]);
    });

    it('then the scheduler never ends maintenance that has no end time', () => {
      expect(when([started({ expectedUpTime: null })], endDue(new Date('2030-01-01T00:00:00Z')))).toEqual([]);
    });

    it('then a second scheduled end finds nothing left to end', () => {
      const first = when(given, endDue(new Date(IN_ONE_HOUR)));
      expect(when([...given, ...first], endDue(new Date(IN_ONE_HOUR)))).toEqual([]);
    });
  });
});
