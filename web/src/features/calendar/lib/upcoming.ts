import type { CalendarEvent } from '@xsd/contracts/api/calendar';

/** The header counts events starting within the next 7 days. */
export const UPCOMING_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** Local start of the event: its date plus start time, or the start of that day for all-day events. */
export function eventStart(event: Pick<CalendarEvent, 'start_date' | 'start_time'>): Date | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})/.exec(event.start_date);
  if (!dateMatch) return null;
  const [, year, month, day] = dateMatch.map(Number) as [number, number, number, number];
  const timeMatch = event.start_time ? /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(event.start_time) : null;
  const hours = timeMatch ? Number(timeMatch[1]) : 0;
  const minutes = timeMatch ? Number(timeMatch[2]) : 0;
  const seconds = timeMatch?.[3] ? Number(timeMatch[3]) : 0;
  const start = new Date(year, month - 1, day, hours, minutes, seconds);
  return Number.isNaN(start.getTime()) ? null : start;
}

/**
 * Active events that have not started yet (all-day events count until their day is over)
 * and start within the window.
 */
export function isUpcoming(event: CalendarEvent, now: number, windowDays = UPCOMING_WINDOW_DAYS): boolean {
  if (!event.is_active) return false;
  const start = eventStart(event);
  if (!start) return false;
  const startMs = start.getTime();
  const notOver = event.start_time ? startMs >= now : startMs + DAY_MS > now;
  return notOver && startMs <= now + windowDays * DAY_MS;
}

export function countUpcoming(events: readonly CalendarEvent[], now: number, windowDays = UPCOMING_WINDOW_DAYS): number {
  return events.filter((event) => isUpcoming(event, now, windowDays)).length;
}
