import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { calendarEventStartMs } from '../../../lib/calendar-event-start';

/** The header counts events starting within the next 7 days. */
export const UPCOMING_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** Local start of the event (see `calendarEventStartMs`) as a Date, for the calendar's grid and lists. */
export function eventStart(event: Pick<CalendarEvent, 'start_date' | 'start_time'>): Date | null {
  const start = calendarEventStartMs(event);
  return start === null ? null : new Date(start);
}

/**
 * Active events that have not started yet (all-day events count until their day is over)
 * and start within the window.
 */
export function isUpcoming(event: CalendarEvent, now: number, windowDays = UPCOMING_WINDOW_DAYS): boolean {
  if (!event.is_active) return false;
  const startMs = calendarEventStartMs(event);
  if (startMs === null) return false;
  const notOver = event.start_time ? startMs >= now : startMs + DAY_MS > now;
  return notOver && startMs <= now + windowDays * DAY_MS;
}

export function countUpcoming(events: readonly CalendarEvent[], now: number, windowDays = UPCOMING_WINDOW_DAYS): number {
  return events.filter((event) => isUpcoming(event, now, windowDays)).length;
}
