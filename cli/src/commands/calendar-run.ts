import type { CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import type { Command } from 'commander';
import { outputMode, writeJson, writeLine } from '../output/output-mode.js';
import { CALENDAR_COLUMNS, calendarEvents, calendarView } from '../views/calendar-view.js';
import { rowsText } from '../views/report-text.js';
import { apiUrlOf, publicApi } from './context.js';

export interface CalendarOptions {
  readonly all?: boolean;
  readonly json?: boolean;
}

/** `xsd calendar`: JSON, plain text or the Ink table. */
export async function runCalendar(options: CalendarOptions, command: Command): Promise<void> {
  const { items } = await publicApi(command).get<CalendarEventsResponse>('/api/calendar/events');
  const events = calendarEvents(items, new Date(), options.all ?? false);
  const mode = outputMode(options);
  if (mode === 'json') return writeJson({ items: events });
  const view = calendarView(events, `${apiUrlOf(command)}/api/calendar.ics`, options.all ?? false);
  if (mode === 'plain') {
    for (const line of view.empty ? [view.empty] : rowsText(CALENDAR_COLUMNS, view.rows)) writeLine(line);
    return writeLine(view.feed);
  }
  const { showCalendar } = await import('../interactive/reports.js');
  showCalendar(view);
}
