import { MAX_EVENT_DESCRIPTION, MAX_EVENT_LOCATION, MAX_EVENT_TITLE, MAX_EVENT_URL, type AdminCalendarEvent } from '@xsd/contracts/api/admin-calendar';
import { CALENDAR_EVENT_TYPES, type CalendarEventType } from '@xsd/contracts/api/calendar';
import { useId, useState, type FormEvent } from 'react';
import { CheckboxField } from '../../components/checkbox-field';
import { FormPanel, type EditFormProps } from '../../components/list-and-form-panel';
import { messageOr } from '../../lib/messages';
import { useFields } from '../../lib/use-fields';
import { useCreateEvent } from '../api/create-calendar-event';
import { useUpdateEvent } from '../api/update-calendar-event';
import { DRAFT_MESSAGES, eventDraftError, eventDraftOf, eventRequest, loadDraft, saveDraft, type EventDraft } from '../lib/calendar-draft';
import { Options } from '../../../../components/ui/options';

export function EventForm({ original, onDone }: EditFormProps<AdminCalendarEvent>) {
  const id = useId();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const [draft, set, setDraft] = useFields<EventDraft>(() => eventDraftOf(original));
  const [draftMode, setDraftMode] = useState(false);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  const busy = create.isPending || update.isPending;

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
    <FormPanel
      title={original ? 'Edit event' : 'New event'}
      tone={draftMode ? 'warning' : 'accent'}
      testId="event-form"
      actions={draftMode ? <span className="tag warn" data-testid="draft-mode-badge">Draft Mode</span> : null}
      onSubmit={submit}
      feedback={
        <div role="status" aria-live="polite">
          {status ? (
            <p className={status.kind === 'ok' ? 'ok' : 'err'} data-testid="event-form-status">
              {status.message}
            </p>
          ) : null}
        </div>
      }
      busy={busy}
      busyLabel="Saving..."
      submitLabel={draftMode ? 'Save Draft' : original ? 'Save Changes' : 'Create Event'}
      extraButtons={
        <>
          {!draftMode ? (
            <button type="button" className="btn" onClick={storeDraft} disabled={busy}>
              Save as Draft
            </button>
          ) : null}
          <button type="button" className="btn" onClick={restoreDraft} disabled={busy}>
            Load Draft
          </button>
        </>
      }
      onCancel={onDone}
    >
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
            <Options values={CALENDAR_EVENT_TYPES} />
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
      <CheckboxField label="Notify users" checked={draft.notify_users} onChange={(checked) => set('notify_users', checked)} />
      <CheckboxField label="Active (shown on the calendar)" checked={draft.is_active} onChange={(checked) => set('is_active', checked)} />
      <CheckboxField label="Draft mode (save in this browser only, do not publish)" checked={draftMode} onChange={setDraftMode} />
    </FormPanel>
  );
}
