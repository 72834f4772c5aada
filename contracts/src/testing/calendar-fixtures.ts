import type { CalendarEvent } from '../api/calendar.js';
import type { CalendarEventFields } from '../events/content-events.js';

/**
 * Test data of a calendar event, built once for the tests of every package: the answer of the
 * calendar API (web, CLI, the iCalendar feed) and the fields staff send (deciders, projections).
 * A plain, active, all-day event with nothing optional; a test names only what it is about.
 */
export function calendarEventFixture(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 'e',
    title: 'Event',
    description: null,
    type: 'event',
    start_date: '2026-03-05',
    end_date: null,
    start_time: null,
    end_time: null,
    location: null,
    url: null,
    is_active: true,
    notify_users: false,
    ...overrides,
  };
}

export function calendarEventFieldsFixture(overrides: Partial<CalendarEventFields> = {}): CalendarEventFields {
  return {
    title: 'Event',
    description: null,
    type: 'event',
    startDate: '2026-03-05',
    endDate: null,
    startTime: null,
    endTime: null,
    location: null,
    url: null,
    notifyUsers: false,
    isActive: true,
    ...overrides,
  };
}
