import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { EVENT_TYPE_STYLES, eventDateLabel, eventTimeLabel } from '../lib/month-grid';

export interface EventLineProps {
  readonly event: CalendarEvent;
  readonly onOpen: (event: CalendarEvent) => void;
}

/** One event in a list: its type dot, title and when; opens its details. */
export function EventLine({ event, onOpen }: EventLineProps) {
  const style = EVENT_TYPE_STYLES[event.type];
  return (
    <li>
      <button type="button" className="event-line" onClick={() => onOpen(event)}>
        <span className={`event-dot event-type--${style.tone}`} aria-hidden="true">
          ■
        </span>
        <span className="event-line__title">{event.title}</span>
        <span className="event-line__when muted">
          {eventDateLabel({ start_date: event.start_date, end_date: null })} · {eventTimeLabel(event)}
        </span>
      </button>
    </li>
  );
}
