import { AggregateCommand } from '../event-sourcing/aggregate-handler.js';
import type { CalendarEventCommand, CalendarEventState } from './calendar-event.decider.js';

/** On one calendar event: created, changed, deleted by staff. */
export class DecideCalendarEvent extends AggregateCommand<CalendarEventCommand, CalendarEventState> {}
