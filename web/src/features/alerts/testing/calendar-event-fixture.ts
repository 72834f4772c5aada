import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { calendarEventFixture } from '@xsd/contracts/testing/calendar-fixtures';

const pad = (n: number) => String(n).padStart(2, '0');

/** For tests: an active public calendar event starting at `start` in the viewer's local time. */
export function calendarEventAt(id: string, start: Date, overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return calendarEventFixture({
    id,
    title: `Event ${id}`,
    start_date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
    start_time: `${pad(start.getHours())}:${pad(start.getMinutes())}`,
    ...overrides,
  });
}
