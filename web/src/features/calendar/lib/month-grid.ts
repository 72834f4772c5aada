import { CALENDAR_EVENT_TYPES, type CalendarEvent, type CalendarEventType } from '@xsd/contracts/api/calendar';
import { eventStart } from './upcoming';

/** The spec's calendar constants: always 42 cells (6 weeks from Monday), 3 events a cell, 5 upcoming. */
export const GRID_CELLS = 42;
export const EVENTS_PER_CELL = 3;
export const UPCOMING_LIMIT = 5;
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The spec's type colours: announcement blue, update green, maintenance warning, event purple, deadline error. */
export const EVENT_TYPE_STYLES: Readonly<Record<CalendarEventType, { readonly label: string; readonly tone: string }>> = {
  announcement: { label: 'Announcement', tone: 'blue' },
  update: { label: 'Update', tone: 'green' },
  maintenance: { label: 'Maintenance', tone: 'warning' },
  event: { label: 'Event', tone: 'purple' },
  deadline: { label: 'Deadline', tone: 'error' },
};
export const EVENT_TYPES = CALENDAR_EVENT_TYPES;

export interface Month {
  readonly year: number;
  /** 0 to 11. */
  readonly month: number;
}

export interface GridCell {
  /** `YYYY-MM-DD`, local. */
  readonly date: string;
  readonly day: number;
  readonly inMonth: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const dateKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function monthOf(date: Date): Month {
  return { year: date.getFullYear(), month: date.getMonth() };
}

export function shiftMonth({ year, month }: Month, by: number): Month {
  const date = new Date(year, month + by, 1);
  return monthOf(date);
}

/** 42 days from the Monday on or before the 1st. */
export function monthGrid({ year, month }: Month): GridCell[] {
  const first = new Date(year, month, 1);
  const offset = (first.getDay() + 6) % 7; // Monday = 0
  return Array.from({ length: GRID_CELLS }, (_, i) => {
    const date = new Date(year, month, 1 - offset + i);
    return { date: dateKey(date), day: date.getDate(), inMonth: date.getMonth() === month };
  });
}

/** Events on a day: those starting that day, and multi-day ones running through it. */
export function eventsOn(events: readonly CalendarEvent[], date: string): CalendarEvent[] {
  return events.filter((event) => {
    const start = event.start_date.slice(0, 10);
    const end = event.end_date && event.end_date.slice(0, 10) > start ? event.end_date.slice(0, 10) : start;
    return start <= date && date <= end;
  });
}

/** Events whose title, description or location contain the search (any case), of the chosen type. */
export function filterEvents(events: readonly CalendarEvent[], search: string, type: CalendarEventType | 'all'): CalendarEvent[] {
  const needle = search.trim().toLowerCase();
  return events.filter((event) => {
    if (type !== 'all' && event.type !== type) return false;
    if (needle === '') return true;
    return [event.title, event.description ?? '', event.location ?? ''].some((text) => text.toLowerCase().includes(needle));
  });
}

/** The next events that have not started yet (all-day ones until their day is over), soonest first. */
export function nextEvents(events: readonly CalendarEvent[], now: number, limit = UPCOMING_LIMIT): CalendarEvent[] {
  return events
    .map((event) => ({ event, start: eventStart(event)?.getTime() ?? Number.NaN }))
    .filter(({ event, start }) => Number.isFinite(start) && (event.start_time ? start >= now : start + 86_400_000 > now))
    .sort((a, b) => a.start - b.start)
    .slice(0, limit)
    .map(({ event }) => event);
}

const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

export const monthLabel = ({ year, month }: Month) => MONTH_FORMAT.format(new Date(year, month, 1));

/** `Thu, Mar 5, 2026`, or a range `Thu, Mar 5, 2026 – Fri, Mar 6, 2026`. */
export function eventDateLabel(event: Pick<CalendarEvent, 'start_date' | 'end_date'>): string {
  const start = eventStart({ start_date: event.start_date, start_time: null });
  if (!start) return event.start_date;
  const end = event.end_date && event.end_date > event.start_date ? eventStart({ start_date: event.end_date, start_time: null }) : null;
  return end ? `${DAY_FORMAT.format(start)} – ${DAY_FORMAT.format(end)}` : DAY_FORMAT.format(start);
}

/** `14:00 – 16:30`, `14:00`, or 'All day'. */
export function eventTimeLabel(event: Pick<CalendarEvent, 'start_time' | 'end_time'>): string {
  const hm = (time: string) => time.slice(0, 5);
  if (!event.start_time) return 'All day';
  return event.end_time ? `${hm(event.start_time)} – ${hm(event.end_time)}` : hm(event.start_time);
}
