import type { CalendarEvent, CalendarEventType } from '@xsd/contracts/api/calendar';
import type { Tone } from '../theme.js';
import type { ViewRow } from './view-types.js';

export const CALENDAR_COLUMNS = ['DATE', 'TIME', 'TYPE', 'TITLE', 'LOCATION'] as const;

/** The web calendar's type colours in the terminal's tones. */
const TYPE_TONE: Readonly<Record<CalendarEventType, Tone>> = {
  announcement: 'neutral',
  update: 'positive',
  maintenance: 'warning',
  event: 'neutral',
  deadline: 'negative',
};

export interface CalendarView {
  readonly rows: readonly ViewRow[];
  /** What to print instead of an empty table. */
  readonly empty: string | null;
  readonly feed: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (now: Date) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** Events not over yet (their last day is today or later), as the API sorts them; all of them with `all`. */
export function calendarEvents(events: readonly CalendarEvent[], now: Date, all = false): CalendarEvent[] {
  const today = localDate(now);
  return all ? [...events] : events.filter((event) => (event.end_date ?? event.start_date).slice(0, 10) >= today);
}

export function calendarView(events: readonly CalendarEvent[], feedUrl: string, all: boolean): CalendarView {
  const rows = events.map(
    (event): ViewRow => ({
      key: event.id,
      cells: [
        { text: event.end_date && event.end_date !== event.start_date ? `${event.start_date} to ${event.end_date}` : event.start_date },
        { text: event.start_time ? `${event.start_time.slice(0, 5)}${event.end_time ? `-${event.end_time.slice(0, 5)}` : ''}` : 'all day' },
        { text: event.type, tone: TYPE_TONE[event.type] },
        { text: event.title },
        { text: event.location ?? '-', tone: event.location ? 'neutral' : 'muted' },
      ],
    }),
  );
  return {
    rows,
    empty: rows.length === 0 ? (all ? 'No events in the calendar.' : 'No upcoming events.') : null,
    feed: `Subscribe: ${feedUrl}`,
  };
}
