import {
  CALENDAR_DEFAULT_TYPE,
  EVENT_DELETE_CONFIRM_MESSAGE,
  EVENT_START_DATE_REQUIRED_MESSAGE,
  EVENT_TITLE_REQUIRED_MESSAGE,
  EVENT_URL_MESSAGE,
  isEventUrl,
  MAX_EVENT_DESCRIPTION,
  MAX_EVENT_LOCATION,
  MAX_EVENT_TITLE,
  MAX_EVENT_URL,
  type AdminCalendarEvent,
  type CreateCalendarEventRequest,
} from '@xsd/contracts/api/admin-calendar';
import { CALENDAR_EVENT_TYPES, type CalendarEventType } from '@xsd/contracts/api/calendar';
import { useId, useState, type FormEvent } from 'react';
import { Panel } from '../../../components/ui/panel';
import type { StaffUser } from '../../../lib/staff-session';
import { useAdminEvents, useCreateEvent, useDeleteEvent, useUpdateEvent } from '../api/calendar-events';
import { ConfirmAction } from '../components/confirm-action';
import { ContentHtml } from '../components/content-html';
import { QueryState } from '../components/query-state';
import { DRAFT_MESSAGES, loadDraft, saveDraft, type EventDraft } from '../lib/calendar-draft';
import { messageOr } from '../lib/messages';

type Editing = { readonly kind: 'new' } | { readonly kind: 'edit'; readonly item: AdminCalendarEvent } | null;

/** Calendar events: create, edit, delete (after confirmation), the eye toggle, a local draft. */
export function CalendarTab({ user }: { readonly user: StaffUser }) {
  const events = useAdminEvents();
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);

  return (
    <>
      {user.role === 'calendar_access' ? (
        <p className="admin-role-note">
          <span className="tag accent" data-testid="your-role-badge">
            Your Role
          </span>{' '}
          Calendar Manager: you can create, edit and delete calendar events.
        </p>
      ) : null}
      {error ? (
        <p className="region-error" role="alert">
          {error}
        </p>
      ) : null}
      {editing ? <EventForm key={editing.kind === 'edit' ? editing.item.id : 'new'} editing={editing} onDone={() => setEditing(null)} /> : null}
      <Panel
        title="Calendar events"
        testId="events-list"
        actions={
          editing ? null : (
            <button type="button" className="btn btn--small btn--primary" onClick={() => setEditing({ kind: 'new' })}>
              + New Event
            </button>
          )
        }
      >
        <QueryState pending={events.isPending} error={events.error} errorMessage={messageOr(events.error, 'Failed to load events')} onRetry={() => void events.refetch()}>
          {events.data?.items.length === 0 ? <p className="muted">No events yet.</p> : null}
          <ul className="admin-list">
            {events.data?.items.map((item) => (
              <li key={item.id} className={`admin-list__item${item.is_active ? '' : ' admin-list__item--inactive'}`} data-testid="event-item">
                <div className="admin-list__main">
                  <strong className="admin-list__title">{item.title}</strong> <span className={`tag event-type--${item.type}`}>{item.type}</span>
                  <p className="admin-list__meta muted">
                    {item.start_date}
                    {item.start_time ? ` ${item.start_time.slice(0, 5)}` : ''}
                    {item.end_date ? ` → ${item.end_date}` : ''}
                    {item.end_time ? ` ${item.end_time.slice(0, 5)}` : ''}
                    {item.location ? ` · ${item.location}` : ''} · {item.is_active ? 'active' : 'inactive'}
                  </p>
                  {item.description ? <ContentHtml html={item.description} className="admin-list__content" /> : null}
                  {item.url ? (
                    <a href={item.url} target="_blank" rel="noopener noreferrer">
                      {item.url}
                    </a>
                  ) : null}
                </div>
                <div className="admin-list__actions">
                  <button
                    type="button"
                    className="btn btn--small"
                    aria-pressed={item.is_active}
                    aria-label={`${item.is_active ? 'Hide' : 'Show'} event ${item.title}`}
                    disabled={update.isPending}
                    onClick={() => {
                      setError(null);
                      update.mutate({ id: item.id, changes: { is_active: !item.is_active } }, { onError: (e) => setError(messageOr(e, 'Failed to update event')) });
                    }}
                  >
                    {item.is_active ? '◉ shown' : '○ hidden'}
                  </button>
                  <button type="button" className="btn btn--small" aria-label={`Edit event ${item.title}`} onClick={() => setEditing({ kind: 'edit', item })}>
                    Edit
                  </button>
                  <ConfirmAction
                    label="Delete"
                    ariaLabel={`Delete event ${item.title}`}
                    question={EVENT_DELETE_CONFIRM_MESSAGE}
                    busy={remove.isPending}
                    onConfirm={() => {
                      setError(null);
                      remove.mutate(item.id, { onError: (e) => setError(messageOr(e, 'Failed to delete event')) });
                    }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </QueryState>
      </Panel>
    </>
  );
}

function draftOf(item: AdminCalendarEvent | null): EventDraft {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    type: item?.type ?? CALENDAR_DEFAULT_TYPE,
    start_date: item?.start_date ?? '',
    end_date: item?.end_date ?? '',
    start_time: item?.start_time?.slice(0, 5) ?? '',
    end_time: item?.end_time?.slice(0, 5) ?? '',
    location: item?.location ?? '',
    url: item?.url ?? '',
    notify_users: item?.notify_users ?? false,
    is_active: item?.is_active ?? true,
  };
}

/** The spec's rule: optional fields are sent as null when empty. */
export function eventRequest(draft: EventDraft): CreateCalendarEventRequest {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    title: draft.title.trim(),
    description: orNull(draft.description),
    type: draft.type,
    start_date: draft.start_date,
    end_date: orNull(draft.end_date),
    start_time: orNull(draft.start_time),
    end_time: orNull(draft.end_time),
    location: orNull(draft.location),
    url: orNull(draft.url),
    notify_users: draft.notify_users,
    is_active: draft.is_active,
  };
}

/** The first of the spec's checks a draft fails, or null. */
export function eventDraftError(draft: EventDraft): string | null {
  if (!draft.title.trim()) return EVENT_TITLE_REQUIRED_MESSAGE;
  if (!draft.start_date) return EVENT_START_DATE_REQUIRED_MESSAGE;
  if (draft.url.trim() && !isEventUrl(draft.url.trim())) return EVENT_URL_MESSAGE;
  return null;
}

function EventForm({ editing, onDone }: { readonly editing: Exclude<Editing, null>; readonly onDone: () => void }) {
  const id = useId();
  const original = editing.kind === 'edit' ? editing.item : null;
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const [draft, setDraft] = useState<EventDraft>(() => draftOf(original));
  const [draftMode, setDraftMode] = useState(false);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const busy = create.isPending || update.isPending;
  const set = <K extends keyof EventDraft>(key: K, value: EventDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const storeDraft = () =>
    setStatus(saveDraft(draft, new Date()) ? { kind: 'ok', message: DRAFT_MESSAGES.saved } : { kind: 'error', message: 'Failed to save draft.' });

  const restoreDraft = () => {
    const loaded = loadDraft();
    if (loaded.kind === 'none') return setStatus({ kind: 'error', message: DRAFT_MESSAGES.none });
    if (loaded.kind === 'corrupted') return setStatus({ kind: 'error', message: DRAFT_MESSAGES.corrupted });
    setDraft(loaded.draft);
    setDraftMode(true);
    setStatus({ kind: 'ok', message: `Draft loaded${loaded.updated_at ? ` (saved ${new Date(loaded.updated_at).toLocaleString()})` : ''}.` });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // In draft mode a save stays in this browser and publishes nothing.
    if (draftMode) return storeDraft();
    const problem = eventDraftError(draft);
    if (problem) return setStatus({ kind: 'error', message: problem });
    setStatus(null);
    const onError = (e: Error) => setStatus({ kind: 'error', message: messageOr(e, 'Failed to save event') });
    const request = eventRequest(draft);
    if (original) update.mutate({ id: original.id, changes: request }, { onSuccess: onDone, onError });
    else create.mutate(request, { onSuccess: onDone, onError });
  };

  return (
    <Panel
      title={original ? 'Edit event' : 'New event'}
      tone={draftMode ? 'warning' : 'accent'}
      testId="event-form"
      actions={draftMode ? <span className="tag warn" data-testid="draft-mode-badge">Draft Mode</span> : null}
    >
      <form className="staff-form" onSubmit={submit} noValidate>
        <label className="field" htmlFor={`${id}-title`}>
          <span className="field__label">Title *</span>
          <input id={`${id}-title`} className="input" value={draft.title} maxLength={MAX_EVENT_TITLE} onChange={(event) => set('title', event.target.value)} required />
        </label>
        <label className="field" htmlFor={`${id}-description`}>
          <span className="field__label">Description (HTML allowed)</span>
          <textarea id={`${id}-description`} className="textarea" value={draft.description} maxLength={MAX_EVENT_DESCRIPTION} onChange={(event) => set('description', event.target.value)} />
        </label>
        <div className="field-row">
          <label className="field" htmlFor={`${id}-type`}>
            <span className="field__label">Type</span>
            <select id={`${id}-type`} className="select" value={draft.type} onChange={(event) => set('type', event.target.value as CalendarEventType)}>
              {CALENDAR_EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor={`${id}-start-date`}>
            <span className="field__label">Start date *</span>
            <input id={`${id}-start-date`} className="input" type="date" value={draft.start_date} onChange={(event) => set('start_date', event.target.value)} required />
          </label>
          <label className="field" htmlFor={`${id}-start-time`}>
            <span className="field__label">Start time</span>
            <input id={`${id}-start-time`} className="input" type="time" value={draft.start_time} onChange={(event) => set('start_time', event.target.value)} />
          </label>
          <label className="field" htmlFor={`${id}-end-date`}>
            <span className="field__label">End date</span>
            <input id={`${id}-end-date`} className="input" type="date" value={draft.end_date} onChange={(event) => set('end_date', event.target.value)} />
          </label>
          <label className="field" htmlFor={`${id}-end-time`}>
            <span className="field__label">End time</span>
            <input id={`${id}-end-time`} className="input" type="time" value={draft.end_time} onChange={(event) => set('end_time', event.target.value)} />
          </label>
        </div>
        <div className="field-row">
          <label className="field" htmlFor={`${id}-location`}>
            <span className="field__label">Location</span>
            <input id={`${id}-location`} className="input" value={draft.location} maxLength={MAX_EVENT_LOCATION} onChange={(event) => set('location', event.target.value)} />
          </label>
          <label className="field" htmlFor={`${id}-url`}>
            <span className="field__label">URL</span>
            <input id={`${id}-url`} className="input" type="url" value={draft.url} maxLength={MAX_EVENT_URL} onChange={(event) => set('url', event.target.value)} placeholder="https://" />
          </label>
        </div>
        <label className="field field--inline">
          <input type="checkbox" checked={draft.notify_users} onChange={(event) => set('notify_users', event.target.checked)} />
          <span>Notify users</span>
        </label>
        <label className="field field--inline">
          <input type="checkbox" checked={draft.is_active} onChange={(event) => set('is_active', event.target.checked)} />
          <span>Active (shown on the calendar)</span>
        </label>
        <label className="field field--inline">
          <input type="checkbox" checked={draftMode} onChange={(event) => setDraftMode(event.target.checked)} />
          <span>Draft mode (save in this browser only, do not publish)</span>
        </label>
        <div role="status" aria-live="polite">
          {status ? (
            <p className={status.kind === 'ok' ? 'ok' : 'err'} data-testid="event-form-status">
              {status.message}
            </p>
          ) : null}
        </div>
        <div className="button-row">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving...' : draftMode ? 'Save Draft' : original ? 'Save Changes' : 'Create Event'}
          </button>
          {!draftMode ? (
            <button type="button" className="btn" onClick={storeDraft} disabled={busy}>
              Save as Draft
            </button>
          ) : null}
          <button type="button" className="btn" onClick={restoreDraft} disabled={busy}>
            Load Draft
          </button>
          <button type="button" className="btn btn--ghost" onClick={onDone} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </Panel>
  );
}
