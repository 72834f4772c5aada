import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { calendarEventFixture } from '@xsd/contracts/testing/calendar-fixtures';
import { describe, expect, it } from 'vitest';
import { countUpcoming, eventStart, isUpcoming } from './upcoming';

// Local time, like the calendar's dates and times.
const now = new Date(2025, 5, 10, 12, 0, 0).getTime();

function event(overrides: Partial<CalendarEvent>): CalendarEvent {
  return calendarEventFixture({ start_date: '2025-06-11', ...overrides });
}

describe('eventStart', () => {
  it('combines the date with the start time in local time', () => {
    expect(eventStart({ start_date: '2025-06-11', start_time: '14:30' })).toEqual(new Date(2025, 5, 11, 14, 30));
    expect(eventStart({ start_date: '2025-06-11', start_time: null })).toEqual(new Date(2025, 5, 11));
    expect(eventStart({ start_date: 'soon', start_time: null })).toBeNull();
  });
});

describe('isUpcoming', () => {
  it('counts events starting within the next 7 days', () => {
    expect(isUpcoming(event({ start_date: '2025-06-17', start_time: '11:59' }), now)).toBe(true);
    expect(isUpcoming(event({ start_date: '2025-06-17', start_time: '12:01' }), now)).toBe(false);
  });

  it('drops events that already started, but keeps today’s all-day events', () => {
    expect(isUpcoming(event({ start_date: '2025-06-10', start_time: '11:00' }), now)).toBe(false);
    expect(isUpcoming(event({ start_date: '2025-06-10', start_time: null }), now)).toBe(true);
    expect(isUpcoming(event({ start_date: '2025-06-09', start_time: null }), now)).toBe(false);
  });

  it('ignores inactive events', () => {
    expect(isUpcoming(event({ is_active: false }), now)).toBe(false);
  });
});

describe('countUpcoming', () => {
  it('counts the matching events', () => {
    const events = [event({ id: 'a' }), event({ id: 'b', start_date: '2025-07-01' }), event({ id: 'c', start_date: '2025-06-12' })];
    expect(countUpcoming(events, now)).toBe(2);
  });
});
