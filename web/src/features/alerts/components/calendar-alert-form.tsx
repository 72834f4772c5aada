import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { CALENDAR_REMINDER_OPTIONS, CalendarAlertSchema, type CalendarAlert, type CalendarReminderMinutes, DEFAULT_CALENDAR_REMINDER } from '@xsd/contracts/api/alerts';
import { reminderLabel } from '@xsd/contracts/rules/alert-notification';
import { type FormEvent, useId, useState } from 'react';
import { newAlertId } from '../../../lib/alert-lists';
import { calendarEventStartMs } from '../../../lib/calendar-event-start';
import { formatWhen } from '../lib/alert-text';
import { AlertFormButtons } from './alert-form-fields';

/** Stored titles are cut to what the alert entity allows. */
const MAX_TITLE = 200;

export interface CalendarAlertFormProps {
  /** The selectable events (future, not already alerted, the first 5); undefined while they load. */
  readonly events: readonly CalendarEvent[] | undefined;
  readonly loadFailed: boolean;
  readonly onCreate: (alert: CalendarAlert) => void;
  readonly onCancel: () => void;
}

/** New event reminder: an event chosen from the selectable ones (submit disabled until then) and how long before. */
export function CalendarAlertForm({ events, loadFailed, onCreate, onCancel }: CalendarAlertFormProps) {
  const [eventId, setEventId] = useState('');
  const [reminder, setReminder] = useState<CalendarReminderMinutes>(DEFAULT_CALENDAR_REMINDER);
  const chosen = events?.find((event) => event.id === eventId);
  const eventLabelId = useId();

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const start = chosen ? calendarEventStartMs(chosen) : null;
    if (!chosen || start === null) return;
    const alert = CalendarAlertSchema.safeParse({
      id: newAlertId(),
      eventId: chosen.id,
      eventTitle: chosen.title.slice(0, MAX_TITLE),
      // The start as an instant, so the notifier (which has no time zone of the visitor) reminds at the same moment.
      eventDate: new Date(start).toISOString(),
      reminderTime: reminder,
      enabled: true,
      lastTriggered: null,
    });
    if (alert.success) onCreate(alert.data);
  };

  let eventField;
  if (loadFailed && !events) eventField = <p className="error-text" role="alert">Could not load the calendar events. Please try again later.</p>;
  else if (!events) eventField = <p className="muted" role="status">Loading events…</p>;
  else if (events.length === 0) eventField = <p className="muted" data-testid="no-selectable-events">No upcoming events without a reminder.</p>;
  else
    eventField = (
      <select className="select" name="event" aria-labelledby={eventLabelId} value={eventId} onChange={(e) => setEventId(e.target.value)}>
        <option value="" disabled>
          Select an event
        </option>
        {events.map((event) => {
          const start = calendarEventStartMs(event);
          return (
            <option key={event.id} value={event.id}>
              {event.title}
              {start === null ? '' : ` · ${formatWhen(start)}`}
            </option>
          );
        })}
      </select>
    );

  return (
    <form className="staff-form alert-form" onSubmit={submit} noValidate data-testid="calendar-alert-form" aria-label="New calendar alert">
      <div className="field-row">
        <div className="field">
          <span className="field__label" id={eventLabelId}>
            Event
          </span>
          {eventField}
        </div>
        <label className="field">
          <span className="field__label">Remind me</span>
          <select className="select" name="reminder" value={reminder} onChange={(e) => setReminder(Number(e.target.value) as CalendarReminderMinutes)}>
            {CALENDAR_REMINDER_OPTIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {reminderLabel(minutes)} before
              </option>
            ))}
          </select>
        </label>
      </div>
      <AlertFormButtons onCancel={onCancel} createDisabled={!chosen} />
    </form>
  );
}
