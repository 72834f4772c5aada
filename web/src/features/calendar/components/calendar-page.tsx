import type { CalendarEvent, CalendarEventType } from '@xsd/contracts/api/calendar';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Panel } from '../../../components/ui/panel';
import { Modal } from '../../../components/ui/modal';
import { useStoredJson } from '../../../lib/storage';
import { useNow } from '../../../lib/use-now';
import { useCalendarEvents } from '../api/get-calendar-events';
import {
  dateKey,
  EVENT_TYPE_STYLES,
  EVENT_TYPES,
  eventDateLabel,
  eventsOn,
  eventTimeLabel,
  filterEvents,
  monthLabel,
  monthOf,
  nextEvents,
  shiftMonth,
} from '../lib/month-grid';
import { EventDialog } from './event-dialog';
import { MonthView } from './month-view';
import './calendar.css';

/** Whether the visitor closed the banner pointing to alerts (kept in this browser). */
const BANNER_KEY = 'calendar-alerts-banner-dismissed';
const parseDismissed = (stored: unknown) => stored === true;

function EventLine({ event, onOpen }: { readonly event: CalendarEvent; readonly onOpen: (event: CalendarEvent) => void }) {
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

/** /calendar: the month grid with search and type filter, upcoming events, legend and details. */
export function CalendarPage() {
  const now = useNow(60_000);
  const events = useCalendarEvents();
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const [search, setSearch] = useState('');
  const [type, setType] = useState<CalendarEventType | 'all'>('all');
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [bannerDismissed, setBannerDismissed] = useStoredJson(BANNER_KEY, parseDismissed);

  const all = events.data?.items ?? [];
  const shown = useMemo(() => filterEvents(events.data?.items ?? [], search, type), [events.data, search, type]);
  const upcoming = useMemo(() => nextEvents(events.data?.items ?? [], now), [events.data, now]);
  const today = dateKey(new Date(now));
  const openFromDay = (event: CalendarEvent) => {
    setDay(null);
    setOpen(event);
  };

  return (
    <div className="page calendar-page" data-testid="page-calendar">
      <PageHeader
        title="Calendar"
        subtitle="Announcements, updates, maintenance windows, events and deadlines."
        actions={
          <>
            <a className="btn btn--small" href="/api/calendar.ics" title="Subscribe in your calendar app (iCalendar feed)">
              Subscribe (.ics)
            </a>
            <Link className="btn btn--small" to="/price-alerts" data-testid="configure-alerts">
              Configure Alerts
            </Link>
          </>
        }
      />
      {!bannerDismissed ? (
        <p className="calendar-banner" role="note" data-testid="alerts-banner">
          <span>
            <strong>[TIP]</strong> Never miss an event: <Link to="/price-alerts">set a calendar reminder</Link> and get a browser
            notification before it starts.
          </span>
          <button type="button" className="btn btn--ghost btn--small" aria-label="Dismiss" onClick={() => setBannerDismissed(true)}>
            [x]
          </button>
        </p>
      ) : null}

      <div className="calendar-layout">
        <Panel
          title={<span data-testid="month-label">{monthLabel(month)}</span>}
          className="calendar-main"
          actions={events.isFetching ? <span className="muted">syncing…</span> : null}
        >
          <div className="calendar-toolbar">
            <div className="calendar-toolbar__nav" role="group" aria-label="Month">
              <button type="button" className="btn btn--small" onClick={() => setMonth((m) => shiftMonth(m, -1))} aria-label="Previous month">
                ‹ Prev
              </button>
              <button type="button" className="btn btn--small" onClick={() => setMonth(monthOf(new Date()))}>
                Today
              </button>
              <button type="button" className="btn btn--small" onClick={() => setMonth((m) => shiftMonth(m, 1))} aria-label="Next month">
                Next ›
              </button>
            </div>
            <label className="calendar-field">
              <span className="calendar-field__label">Search</span>
              <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search events" />
            </label>
            <label className="calendar-field">
              <span className="calendar-field__label">Type</span>
              <select value={type} onChange={(e) => setType(e.target.value as CalendarEventType | 'all')}>
                <option value="all">All types</option>
                {EVENT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {EVENT_TYPE_STYLES[t].label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {events.isPending ? (
            <p role="status" className="muted">
              Loading events<span className="cursor">_</span>
            </p>
          ) : null}
          {events.isError && !events.data ? (
            <p role="alert" className="err">
              Failed to load events. The calendar will try again shortly.
            </p>
          ) : null}
          {events.data && all.length > 0 && shown.length === 0 ? (
            <p role="status" className="muted" data-testid="no-matches">
              No events match your search.
            </p>
          ) : null}
          <MonthView month={month} events={shown} today={today} onOpenEvent={setOpen} onOpenDay={setDay} />
        </Panel>

        <div className="calendar-side">
          <Panel title="Upcoming" testId="upcoming-events">
            {events.data && upcoming.length === 0 ? <p className="muted">No upcoming events.</p> : null}
            <ul className="event-list">
              {upcoming.map((event) => (
                <EventLine key={event.id} event={event} onOpen={setOpen} />
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
      </div>

      <Modal open={day !== null} onClose={() => setDay(null)} title={day ? `Events on ${eventDateLabel({ start_date: day, end_date: null })}` : ''} testId="day-dialog">
        <ul className="event-list">
          {day ? eventsOn(shown, day).map((event) => <EventLine key={event.id} event={event} onOpen={openFromDay} />) : null}
        </ul>
      </Modal>
      <EventDialog event={open} onClose={() => setOpen(null)} />
    </div>
  );
}
