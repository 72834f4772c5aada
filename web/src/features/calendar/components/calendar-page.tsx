import type { CalendarEvent, CalendarEventType } from '@xsd/contracts/api/calendar';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import { Modal } from '../../../components/ui/modal';
import { useStoredJson } from '../../../lib/storage';
import { useNow } from '../../../lib/use-now';
import { useCalendarEvents } from '../api/get-calendar-events';
import {
  dateKey,
  eventDateLabel,
  eventsOn,
  filterEvents,
  monthLabel,
  monthOf,
  nextEvents,
} from '../lib/month-grid';
import { CalendarSide } from './calendar-side';
import { CalendarToolbar } from './calendar-toolbar';
import { EventDialog } from './event-dialog';
import { EventLine } from './event-line';
import { MonthView } from './month-view';
import './calendar.css';

/** Whether the visitor closed the banner pointing to alerts (kept in this browser). */
const BANNER_KEY = 'calendar-alerts-banner-dismissed';
const parseDismissed = (stored: unknown) => stored === true;

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
    <Page
      className="calendar-page"
      testId="page-calendar"
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
    >
      {!bannerDismissed ? (
        <p className="calendar-banner" role="note" data-testid="alerts-banner">
          <span>
            <strong>[TIP]</strong> Never miss an event: <Link to="/price-alerts">set a calendar reminder</Link> and get a browser
            notification before it starts.
          </span>
          <button type="button" className="btn btn--ghost btn--small" aria-label="Dismiss" onClick={() => setBannerDismissed(true)}>
            <span className="glyph-x" aria-hidden="true" />
          </button>
        </p>
      ) : null}

      <div className="calendar-layout">
        <Panel
          title={<span data-testid="month-label">{monthLabel(month)}</span>}
          className="calendar-main"
          actions={events.isFetching ? <span className="muted">syncing…</span> : null}
        >
          <CalendarToolbar onMonthChange={setMonth} search={search} onSearchChange={setSearch} type={type} onTypeChange={setType} />
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

        <CalendarSide upcoming={upcoming} loaded={events.data !== undefined} onOpen={setOpen} />
      </div>

      <Modal open={day !== null} onClose={() => setDay(null)} title={day ? `Events on ${eventDateLabel({ start_date: day, end_date: null })}` : ''} testId="day-dialog">
        <ul className="event-list">
          {day ? eventsOn(shown, day).map((event) => <EventLine key={event.id} event={event} onOpen={openFromDay} />) : null}
        </ul>
      </Modal>
      <EventDialog event={open} onClose={() => setOpen(null)} />
    </Page>
  );
}
