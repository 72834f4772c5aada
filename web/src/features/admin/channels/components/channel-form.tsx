import {
  CHANNEL_EVENT_LABELS,
  CHANNEL_EVENTS,
  CHANNEL_EVENTS_MESSAGE,
  CHANNEL_KIND_LABELS,
  CHANNEL_KINDS,
  CHANNEL_NAME_REQUIRED_MESSAGE,
  CHANNEL_SAVE_FAILED_MESSAGE,
  channelTargetIssue,
  MAX_CHANNEL_NAME,
  MAX_CHANNEL_URL,
  type Channel,
  type ChannelEvent,
  type ChannelKind,
  type CreateChannelResponse,
} from '@xsd/contracts/api/admin-channels';
import { useId, useState, type FormEvent } from 'react';
import { FormPanel } from '../../components/list-and-form-panel';
import { messageOr } from '../../lib/messages';
import { useCreateChannel } from '../api/create-channel';
import { useUpdateChannel } from '../api/update-channel';

export interface ChannelFormProps {
  /** The channel edited; null for a new one. */
  readonly original: Channel | null;
  readonly onCancel: () => void;
  readonly onCreated: (response: CreateChannelResponse) => void;
}

const TARGET_LABEL: Readonly<Record<ChannelKind, string>> = {
  discord: 'Discord webhook URL',
  webhook: 'Webhook URL (https)',
  telegram: 'Chat id (-100…) or @channelname',
};

/** A new channel (kind, name, address, events), or an edit of one (its kind stays; a blank address keeps it). */
export function ChannelForm({ original, onCancel, onCreated }: ChannelFormProps) {
  const id = useId();
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const [kind, setKind] = useState<ChannelKind>(original?.kind ?? 'discord');
  const [name, setName] = useState(original?.name ?? '');
  // A Discord URL is listed masked: an edit starts blank and keeps the stored one unless retyped.
  const [target, setTarget] = useState(original && original.kind !== 'discord' ? original.url_or_chat : '');
  const [events, setEvents] = useState<readonly ChannelEvent[]>(original?.events ?? ['breaking_news']);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(CHANNEL_NAME_REQUIRED_MESSAGE);
    if (events.length === 0) return setError(CHANNEL_EVENTS_MESSAGE);
    const address = target.trim();
    const keepAddress = original !== null && (address === '' || address === original.url_or_chat);
    const issue = keepAddress ? null : channelTargetIssue(kind, address);
    if (issue) return setError(issue);
    setError(null);
    const failed = (e: Error) => setError(messageOr(e, CHANNEL_SAVE_FAILED_MESSAGE));
    if (original) {
      update.mutate(
        { id: original.id, changes: { name: name.trim(), events: [...events], ...(keepAddress ? {} : { url_or_chat: address }) } },
        { onSuccess: onCancel, onError: failed },
      );
    } else {
      create.mutate({ kind, name: name.trim(), url_or_chat: address, events: [...events] }, { onSuccess: onCreated, onError: failed });
    }
  };

  return (
    <FormPanel
      title={original ? `Edit channel ${original.name}` : 'New channel'}
      testId="channel-form"
      onSubmit={submit}
      error={error}
      busy={create.isPending || update.isPending}
      busyLabel="Saving..."
      submitLabel={original ? 'Save Channel' : 'Create Channel'}
      onCancel={onCancel}
    >
      <label className="field" htmlFor={`${id}-kind`}>
        <span className="field__label">Kind *</span>
        <select id={`${id}-kind`} className="input" value={kind} disabled={original !== null} onChange={(event) => setKind(event.target.value as ChannelKind)}>
          {CHANNEL_KINDS.map((option) => (
            <option key={option} value={option}>
              {CHANNEL_KIND_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-name`}>
        <span className="field__label">Name *</span>
        <input id={`${id}-name`} className="input" value={name} maxLength={MAX_CHANNEL_NAME} onChange={(event) => setName(event.target.value)} required />
      </label>
      <label className="field" htmlFor={`${id}-target`}>
        <span className="field__label">
          {TARGET_LABEL[kind]}
          {original ? ' (blank keeps the current one)' : ' *'}
        </span>
        <input
          id={`${id}-target`}
          className="input"
          value={target}
          maxLength={MAX_CHANNEL_URL}
          inputMode={kind === 'telegram' ? 'text' : 'url'}
          onChange={(event) => setTarget(event.target.value)}
          required={original === null}
        />
      </label>
      <fieldset className="checklist">
        <legend>Sends (at least one)</legend>
        {CHANNEL_EVENTS.map((option) => (
          <label key={option} className="checklist__item">
            <input
              type="checkbox"
              checked={events.includes(option)}
              onChange={(event) => setEvents((current) => (event.target.checked ? [...current, option] : current.filter((e) => e !== option)))}
            />
            <span>{CHANNEL_EVENT_LABELS[option]}</span>
          </label>
        ))}
      </fieldset>
    </FormPanel>
  );
}
