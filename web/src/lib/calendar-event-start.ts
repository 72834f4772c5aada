import type { CalendarEvent } from '@xsd/contracts/api/calendar';

/**
 * When an event starts for this viewer: its date and start time are local to the viewer (the
 * contract says so), or the start of that day for an all-day event. Null for an unreadable date.
 * Shared by the calendar and the calendar alerts, so both agree on when an event starts.
 */
export function calendarEventStartMs(event: Pick<CalendarEvent, 'start_date' | 'start_time'>): number | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(event.start_date);
  if (!date) return null;
  const time = event.start_time ? /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(event.start_time) : null;
  if (event.start_time && !time) return null;
  const start = new Date(
    Number(date[1]),
    Number(date[2]) - 1,
    Number(date[3]),
    time ? Number(time[1]) : 0,
    time ? Number(time[2]) : 0,
    time?.[3] ? Number(time[3]) : 0,
  ).getTime();
  return Number.isNaN(start) ? null : start;
}
