import type { CalendarEventFields } from '@xsd/contracts';
import { calendarEventFieldsFixture } from '@xsd/contracts/testing/calendar-fixtures';
import { describe, expect, it } from 'vitest';
import { fold } from '../event-sourcing/decider.js';
import { type CalendarEventCommand, type CalendarEventEvent, calendarEventDecider } from './calendar-event.decider.js';

const ID = '0190a000-0000-7000-8000-0000000000c1';
const FIELDS = calendarEventFieldsFixture({ title: 'Launch', startDate: '2026-12-01', endDate: '2026-12-02' });

function when(given: readonly CalendarEventEvent[], command: CalendarEventCommand): readonly CalendarEventEvent[] {
  return calendarEventDecider.decide(command, fold(calendarEventDecider, given));
}

const created: CalendarEventEvent = { type: 'calendar-event.created', data: { eventId: ID, ...FIELDS } };
const update = (changes: Partial<CalendarEventFields>): CalendarEventCommand => ({ type: 'UpdateCalendarEvent', data: { eventId: ID, changes } });

describe('calendar event decider', () => {
  describe('when the event does not exist yet', () => {
    it('creating it publishes its fields', () => {
      expect(when([], { type: 'CreateCalendarEvent', data: { eventId: ID, fields: FIELDS } })).toEqual([created]);
    });

    it('creating one that ends before it starts is refused', () => {
      expect(() =>
        when([], { type: 'CreateCalendarEvent', data: { eventId: ID, fields: { ...FIELDS, endDate: '2026-11-30' } } }),
      ).toThrow(expect.objectContaining({ kind: 'invalid', message: 'End date must be on or after the start date' }));
    });

    it('editing it is refused as not found', () => {
      expect(() => when([], update({ title: 'x' }))).toThrow(expect.objectContaining({ kind: 'not_found', message: 'Calendar event not found' }));
    });
  });

  describe('when the event is published', () => {
    it('an edit carries the changed fields and their values before', () => {
      expect(when([created], update({ location: 'Online', isActive: true }))).toEqual([
        { type: 'calendar-event.updated', data: { eventId: ID, title: 'Launch', changes: { location: 'Online' }, previous: { location: null } } },
      ]);
    });

    it('moving the start past the stored end is refused: the dates are checked together', () => {
      expect(() => when([created], update({ startDate: '2026-12-05' }))).toThrow(expect.objectContaining({ kind: 'invalid' }));
      expect(when([created], update({ startDate: '2026-12-05', endDate: null }))).toHaveLength(1);
    });

    it('deleting it records what it was, after which it is gone', () => {
      const deleted = when([created], { type: 'DeleteCalendarEvent', data: { eventId: ID } });
      expect(deleted).toEqual([{ type: 'calendar-event.deleted', data: { eventId: ID, previous: FIELDS } }]);
      expect(() => when([created, ...deleted], update({ title: 'x' }))).toThrow(expect.objectContaining({ kind: 'not_found' }));
    });
  });
});
