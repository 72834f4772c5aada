import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { Panel } from '../../../components/ui/panel';
import { EVENT_TYPE_STYLES, EVENT_TYPES } from '../lib/month-grid';
import { EventLine } from './event-line';

export interface CalendarSideProps {
  readonly upcoming: readonly CalendarEvent[];
  /** Whether the events have arrived ('No upcoming events.' only then). */
  readonly loaded: boolean;
  readonly onOpen: (event: CalendarEvent) => void;
}

/** The upcoming events and the legend of event types beside the grid. */
export function CalendarSide({ upcoming, loaded, onOpen }: CalendarSideProps) {
  return (
    <div className="calendar-side">
      <Panel title="Upcoming" testId="upcoming-events">
        {loaded && upcoming.length === 0 ? <p className="muted">No upcoming events.</p> : null}
        <ul className="event-list">
          {upcoming.map((event) => (
            <EventLine key={event.id} event={event} onOpen={onOpen} />
          ))}
        </ul>
      </Panel>
      <Panel title="Legend" testId="event-legend">
        <ul className="legend">
          {EVENT_TYPES.map((t) => (
            <li key={t}>
              <span className={`event-dot event-type--${EVENT_TYPE_STYLES[t].tone}`} aria-hidden="true">
                ■
              </span>{' '}
              {EVENT_TYPE_STYLES[t].label}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
