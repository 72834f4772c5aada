import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { sanitizeContentHtml } from '../../../lib/content-html';
import { EVENT_TYPE_STYLES, eventDateLabel, eventTimeLabel } from '../lib/month-grid';

export interface EventDialogProps {
  readonly event: CalendarEvent | null;
  readonly onClose: () => void;
}

/** An event's details: title, date, time, description (sanitised again here), location, links, Close. */
export function EventDialog({ event, onClose }: EventDialogProps) {
  const description = useMemo(() => (event?.description ? sanitizeContentHtml(event.description) : ''), [event]);
  const style = event ? EVENT_TYPE_STYLES[event.type] : null;
  return (
    <Modal
      open={event !== null}
      onClose={onClose}
      title={event?.title ?? ''}
      testId="event-dialog"
      footer={
        <button type="button" className="btn btn--small" onClick={onClose}>
          Close
        </button>
      }
    >
      {event && style ? (
        <div className="event-details">
          <span className={`event-type event-type--${style.tone}`}>{style.label}</span>
          <dl className="event-details__facts">
            <dt>Date</dt>
            <dd>{eventDateLabel(event)}</dd>
            <dt>Time</dt>
            <dd>{eventTimeLabel(event)}</dd>
            {event.location ? (
              <>
                <dt>Location</dt>
                <dd>{event.location}</dd>
              </>
            ) : null}
          </dl>
          {description ? (
            // Sanitised on the server when stored and again here, by the contracts' policy.
            <div className="event-details__description content-html" dangerouslySetInnerHTML={{ __html: description }} />
          ) : null}
          <p className="event-details__links">
            {event.url ? (
              <a href={event.url} target="_blank" rel="noopener noreferrer" className="btn btn--small btn--primary">
                Learn More ↗
              </a>
            ) : null}
            <Link to="/price-alerts" className="btn btn--small" onClick={onClose}>
              Set a reminder in Alerts
            </Link>
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
