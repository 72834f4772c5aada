import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { EVENT_TYPE_STYLES, EVENTS_PER_CELL, eventsOn, monthGrid, WEEKDAYS, type Month } from '../lib/month-grid';

export interface MonthViewProps {
  readonly month: Month;
  readonly events: readonly CalendarEvent[];
  /** `YYYY-MM-DD` of today, marked in the grid. */
  readonly today: string;
  readonly onOpenEvent: (event: CalendarEvent) => void;
  readonly onOpenDay: (date: string) => void;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
const dayName = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return DAY_FORMAT.format(new Date(y, m - 1, d));
};

/** The month as 6 weeks from Monday: each day shows 3 events, then '+N more'. */
export function MonthView({ month, events, today, onOpenEvent, onOpenDay }: MonthViewProps) {
  const cells = monthGrid(month);
  return (
    <div className="month" role="grid" aria-label="Month" data-testid="month-grid">
      <div className="month__row month__head" role="row">
        {WEEKDAYS.map((day) => (
          <div key={day} className="month__weekday" role="columnheader">
            {day}
          </div>
        ))}
      </div>
      {Array.from({ length: cells.length / 7 }, (_, week) => (
        <div key={week} className="month__row" role="row">
          {cells.slice(week * 7, week * 7 + 7).map((cell) => {
            const dayEvents = eventsOn(events, cell.date);
            const more = dayEvents.length - EVENTS_PER_CELL;
            return (
              // The day is named by text inside the cell (an aria-label would hide the events' titles from its name).
              <div
                key={cell.date}
                role="gridcell"
                className={`month__cell${cell.inMonth ? '' : ' month__cell--outside'}${cell.date === today ? ' month__cell--today' : ''}`}
                data-testid="day-cell"
                data-date={cell.date}
              >
                <span className="month__day" aria-hidden="true">
                  {cell.day}
                </span>
                <span className="sr-only">{`${dayName(cell.date)}: ${dayEvents.length} event${dayEvents.length === 1 ? '' : 's'}`}</span>
                {dayEvents.slice(0, EVENTS_PER_CELL).map((event) => (
                  <button
                    key={event.id}
                    type="button"
                    className={`month__event event-type--${EVENT_TYPE_STYLES[event.type].tone}`}
                    title={event.title}
                    onClick={() => onOpenEvent(event)}
                  >
                    {event.title}
                  </button>
                ))}
                {more > 0 ? (
                  <button type="button" className="month__more" onClick={() => onOpenDay(cell.date)}>
                    +{more} more
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
