import type { CalendarEventFields } from '@xsd/contracts';
import { EVENT_END_BEFORE_START_MESSAGE, EVENT_NOT_FOUND_MESSAGE } from '@xsd/contracts/api/admin-calendar';
import { changedFields } from '../event-sourcing/changed-fields.js';
import { type DecidedEvent, type Decider, DecisionError, unreachable } from '../event-sourcing/decider.js';

/** One calendar event, stored on `xsd.calendar.<id>`. */
export type CalendarEventState =
  | { readonly status: 'none' }
  | { readonly status: 'published'; readonly fields: CalendarEventFields }
  | { readonly status: 'deleted' };

export type CalendarEventEvent = DecidedEvent<'calendar-event.created' | 'calendar-event.updated' | 'calendar-event.deleted'>;

/** `description` comes sanitised. */
export interface CreateCalendarEvent {
  readonly type: 'CreateCalendarEvent';
  readonly data: { readonly eventId: string; readonly fields: CalendarEventFields };
}

export interface UpdateCalendarEvent {
  readonly type: 'UpdateCalendarEvent';
  readonly data: { readonly eventId: string; readonly changes: Partial<CalendarEventFields> };
}

export interface DeleteCalendarEvent {
  readonly type: 'DeleteCalendarEvent';
  readonly data: { readonly eventId: string };
}

export type CalendarEventCommand = CreateCalendarEvent | UpdateCalendarEvent | DeleteCalendarEvent;

export const initialCalendarEventState: CalendarEventState = { status: 'none' };

const notFound = () => new DecisionError('not_found', 'event_not_found', EVENT_NOT_FOUND_MESSAGE);

/** An event may not end before it starts, however the dates were edited. */
function assertDates(fields: Pick<CalendarEventFields, 'startDate' | 'endDate'>): void {
  if (fields.endDate !== null && fields.endDate < fields.startDate) {
    throw new DecisionError('invalid', 'end_before_start', EVENT_END_BEFORE_START_MESSAGE);
  }
}

export const calendarEventDecider: Decider<CalendarEventCommand, CalendarEventEvent, CalendarEventState> = {
  initialState: initialCalendarEventState,

  decide(command, state) {
    switch (command.type) {
      case 'CreateCalendarEvent':
        if (state.status !== 'none') throw new DecisionError('conflict', 'event_exists', 'This calendar event already exists');
        assertDates(command.data.fields);
        return [{ type: 'calendar-event.created', data: { eventId: command.data.eventId, ...command.data.fields } }];
      case 'UpdateCalendarEvent': {
        if (state.status !== 'published') throw notFound();
        const changed = changedFields(state.fields, command.data.changes);
        if (changed === null) return [];
        assertDates({ ...state.fields, ...changed.changes });
        const title = changed.changes.title ?? state.fields.title;
        return [{ type: 'calendar-event.updated', data: { eventId: command.data.eventId, title, ...changed } }];
      }
      case 'DeleteCalendarEvent':
        if (state.status !== 'published') throw notFound();
        return [{ type: 'calendar-event.deleted', data: { eventId: command.data.eventId, previous: state.fields } }];
      default:
        return unreachable(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'calendar-event.created': {
        const { eventId: _id, ...fields } = event.data;
        return { status: 'published', fields };
      }
      case 'calendar-event.updated':
        return state.status === 'published' ? { status: 'published', fields: { ...state.fields, ...event.data.changes } } : state;
      case 'calendar-event.deleted':
        return { status: 'deleted' };
      default:
        return unreachable(event);
    }
  },
};
