import type { CalendarEventFields } from '@xsd/contracts';
import { EVENT_END_BEFORE_START_MESSAGE, EVENT_NOT_FOUND_MESSAGE } from '@xsd/contracts/api/admin-calendar';
import { type DecidedEvent, DecisionError } from '../event-sourcing/decider.js';
import { type ItemCommand, itemDecider, itemNames, type ItemState } from '../event-sourcing/item-decider.js';

export const CALENDAR_EVENT = itemNames('CalendarEvent', 'calendar-event', 'eventId');

/** One calendar event, stored on `xsd.calendar.<id>`. */
export type CalendarEventState = ItemState<CalendarEventFields>;
export type CalendarEventEvent = DecidedEvent<(typeof CALENDAR_EVENT)['created' | 'updated' | 'deleted']>;
/** `description` comes sanitised. */
export type CalendarEventCommand = ItemCommand<typeof CALENDAR_EVENT, CalendarEventFields>;

export const calendarEventDecider = itemDecider<typeof CALENDAR_EVENT, CalendarEventFields, CalendarEventEvent>(CALENDAR_EVENT, {
  exists: () => new DecisionError('conflict', 'event_exists', 'This calendar event already exists'),
  notFound: () => new DecisionError('not_found', 'event_not_found', EVENT_NOT_FOUND_MESSAGE),
  /** An event may not end before it starts, however the dates were edited. */
  check: (fields) => {
    if (fields.endDate !== null && fields.endDate < fields.startDate) {
      throw new DecisionError('invalid', 'end_before_start', EVENT_END_BEFORE_START_MESSAGE);
    }
  },
});
