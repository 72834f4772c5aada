import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { calendarEventFixture } from '@xsd/contracts/testing/calendar-fixtures';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { plain } from '../testing/ink.js';
import { calendarEvents, calendarView } from '../views/calendar-view.js';
import { CalendarList } from './CalendarList.js';

const NOW = new Date(2026, 2, 5, 12, 0);
const event = (id: string, overrides: Partial<CalendarEvent>): CalendarEvent =>
  calendarEventFixture({ id, title: `Event ${id}`, start_date: '2026-03-06', ...overrides });
const EVENTS = [
  event('old', { start_date: '2026-03-01' }),
  event('bridge', { title: 'Bridge upgrade', type: 'maintenance', start_date: '2026-03-04', end_date: '2026-03-05', start_time: '14:00:00', end_time: '16:30:00', location: 'Online' }),
  event('ama', { title: 'AMA', start_date: '2026-03-06' }),
];
const FEED = 'http://localhost:8080/api/calendar.ics';

describe('CalendarList', () => {
  it('lists the events not over yet, with date, time, type, title and location, and the feed', () => {
    const view = calendarView(calendarEvents(EVENTS, NOW), FEED, false);
    const lines = plain(render(<CalendarList view={view} />).lastFrame()).split('\n');
    expect(lines[0]).toMatch(/^DATE\s+TIME\s+TYPE\s+TITLE\s+LOCATION$/);
    expect(lines[1]).toMatch(/^2026-03-04 to 2026-03-05\s+14:00-16:30\s+maintenance\s+Bridge upgrade\s+Online$/);
    expect(lines[2]).toMatch(/^2026-03-06\s+all day\s+event\s+AMA\s+-$/);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe(`Subscribe: ${FEED}`);
  });

  it('lists past events too with --all, and says when there is nothing', () => {
    expect(calendarEvents(EVENTS, NOW, true)).toHaveLength(3);
    const frame = plain(render(<CalendarList view={calendarView([], FEED, false)} />).lastFrame());
    expect(frame.split('\n')[0]).toBe('No upcoming events.');
  });
});
