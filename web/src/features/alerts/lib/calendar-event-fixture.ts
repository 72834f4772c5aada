import type { CalendarEvent } from '@xsd/contracts/api/calendar';

const pad = (n: number) => String(n).padStart(2, '0');

/** For tests: an active public calendar event starting at `start` in the viewer's local time. */
export function calendarEventAt(id: string, start: Date, overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id,
    title: `Event ${id}`,
    description: null,
    type: 'event',
    start_date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
    end_date: null,
    start_time: `${pad(start.getHours())}:${pad(start.getMinutes())}`,
    end_time: null,
    location: null,
    url: null,
    is_active: true,
    notify_users: false,
    ...overrides,
  };
}
