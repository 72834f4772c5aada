import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { calendarEventFixture } from '@xsd/contracts/testing/calendar-fixtures';
import { describe, expect, it } from 'vitest';
import { eventDateLabel, eventsOn, eventTimeLabel, filterEvents, monthGrid, nextEvents, shiftMonth } from './month-grid';

const event = (overrides: Partial<CalendarEvent>): CalendarEvent => calendarEventFixture(overrides);

describe('monthGrid', () => {
  it('always has 42 cells from the Monday on or before the 1st', () => {
    // March 2026 starts on a Sunday: the grid opens on Monday 23 February.
    const grid = monthGrid({ year: 2026, month: 2 });
    expect(grid).toHaveLength(42);
    expect(grid[0]).toEqual({ date: '2026-02-23', day: 23, inMonth: false });
    expect(grid[6]).toEqual({ date: '2026-03-01', day: 1, inMonth: true });
    expect(grid[41]).toEqual({ date: '2026-04-05', day: 5, inMonth: false });
    // June 2026 starts on a Monday: no leading days.
    expect(monthGrid({ year: 2026, month: 5 })[0]).toEqual({ date: '2026-06-01', day: 1, inMonth: true });
  });

  it('moves across years', () => {
    expect(shiftMonth({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
    expect(shiftMonth({ year: 2025, month: 11 }, 1)).toEqual({ year: 2026, month: 0 });
  });
});

describe('events on a day, search and type filter', () => {
  const events = [
    event({ id: 'a', title: 'Listing on BSC', type: 'announcement' }),
    event({ id: 'b', title: 'Bridge', type: 'maintenance', start_date: '2026-03-04', end_date: '2026-03-06', location: 'Online' }),
    event({ id: 'c', title: 'AMA', description: '<p>Ask the <b>team</b></p>', start_date: '2026-03-07' }),
  ];

  it('puts multi-day events on each of their days', () => {
    expect(eventsOn(events, '2026-03-05').map((e) => e.id)).toEqual(['a', 'b']);
    expect(eventsOn(events, '2026-03-06').map((e) => e.id)).toEqual(['b']);
    expect(eventsOn(events, '2026-03-07').map((e) => e.id)).toEqual(['c']);
  });

  it('searches title, description and location, any case, within a type', () => {
    expect(filterEvents(events, 'bsc', 'all').map((e) => e.id)).toEqual(['a']);
    expect(filterEvents(events, 'TEAM', 'all').map((e) => e.id)).toEqual(['c']);
    expect(filterEvents(events, 'online', 'all').map((e) => e.id)).toEqual(['b']);
    expect(filterEvents(events, '', 'maintenance').map((e) => e.id)).toEqual(['b']);
    expect(filterEvents(events, 'bsc', 'maintenance')).toEqual([]);
  });
});

describe('nextEvents', () => {
  const now = new Date(2026, 2, 5, 12, 0).getTime();
  it('lists the next 5 not yet started, soonest first; an all-day event counts until its day is over', () => {
    const events = [
      event({ id: 'past', start_date: '2026-03-04' }),
      event({ id: 'today-all-day', start_date: '2026-03-05' }),
      event({ id: 'today-morning', start_date: '2026-03-05', start_time: '09:00:00' }),
      ...['10', '09', '08', '07', '06'].map((d) => event({ id: `d${d}`, start_date: `2026-03-${d}` })),
    ];
    expect(nextEvents(events, now).map((e) => e.id)).toEqual(['today-all-day', 'd06', 'd07', 'd08', 'd09']);
  });
});

describe('labels', () => {
  it('writes dates, ranges and times', () => {
    expect(eventDateLabel({ start_date: '2026-03-05', end_date: null })).toBe('Thu, Mar 5, 2026');
    expect(eventDateLabel({ start_date: '2026-03-05', end_date: '2026-03-06' })).toBe('Thu, Mar 5, 2026 – Fri, Mar 6, 2026');
    expect(eventTimeLabel({ start_time: '14:00:00', end_time: '16:30:00' })).toBe('14:00 – 16:30');
    expect(eventTimeLabel({ start_time: null, end_time: null })).toBe('All day');
  });
});
