import {
  CHANNEL_DELETE_CONFIRM_MESSAGE,
  CHANNEL_EVENT_LABELS,
  CHANNEL_KIND_LABELS,
  CHANNEL_SAVE_FAILED_MESSAGE,
  CHANNELS_LOAD_FAILED_MESSAGE,
  type Channel,
  type ChannelDeliveryStatus,
  type CreateChannelResponse,
} from '@xsd/contracts/api/admin-channels';
import { ConfirmAction } from '../../components/confirm-action';
import { ListAndFormPanel } from '../../components/list-and-form-panel';
import { formatInstant } from '../../lib/dates';
import { messageOr } from '../../lib/messages';
import { useListEditing } from '../../lib/use-list-editing';
import { useDeleteChannel } from '../api/delete-channel';
import { useChannels } from '../api/get-channels';
import { useUpdateChannel } from '../api/update-channel';
import { ChannelForm } from './channel-form';
import { NewSecretView } from './new-secret-view';

const STATUS_TONE: Readonly<Record<ChannelDeliveryStatus, string>> = { delivered: 'ok', pending: 'warn', failed: 'err', skipped: '' };

function Deliveries({ channel }: { readonly channel: Channel }) {
  if (channel.deliveries.length === 0) return <p className="admin-list__meta muted">No deliveries yet.</p>;
  return (
    <ul className="admin-list__meta channel-deliveries" aria-label={`Last deliveries to ${channel.name}`} data-testid="channel-deliveries">
      {channel.deliveries.map((delivery) => (
        <li key={delivery.id}>
          <span className={`tag ${STATUS_TONE[delivery.status]}`}>{delivery.status}</span> {delivery.title} · {CHANNEL_EVENT_LABELS[delivery.event]} ·{' '}
          {formatInstant(delivery.finished_at ?? delivery.created_at)} · {delivery.attempts} {delivery.attempts === 1 ? 'try' : 'tries'}
          {delivery.last_error ? <span className="muted"> · {delivery.last_error}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Community channels: list with status and last deliveries, create / edit / pause / delete, a new webhook's secret shown once. */
export function ChannelsTab() {
  const channels = useChannels();
  const update = useUpdateChannel();
  const remove = useDeleteChannel();
  const editor = useListEditing<Channel, CreateChannelResponse>();

  if (editor.created?.secret) return <NewSecretView created={editor.created} onDone={editor.clearCreated} />;

  return (
    <ListAndFormPanel
      title="Channels"
      testId="channels-list"
      newLabel="+ New Channel"
      editor={editor}
      intro={
        <p className="muted">
          Discord and webhook channels must be https on a public address. Webhooks are signed per Standard Webhooks. Price alerts: XSD leaving or
          returning to its silver peg on a chain.
        </p>
      }
      renderForm={(original) => <ChannelForm original={original} onCancel={editor.close} onCreated={editor.showCreated} />}
      query={channels}
      loadErrorMessage={messageOr(channels.error, CHANNELS_LOAD_FAILED_MESSAGE)}
      emptyText="No channels yet."
      renderItem={(channel) => (
        <li key={channel.id} className={`admin-list__item${channel.paused ? ' admin-list__item--inactive' : ''}`} data-testid="channel-item">
          <div className="admin-list__main">
            <strong className="admin-list__title">{channel.name}</strong> <span className="tag">{CHANNEL_KIND_LABELS[channel.kind]}</span>{' '}
            {channel.paused ? <span className="tag err">paused</span> : <span className="tag ok">active</span>}
            <p className="admin-list__key">{channel.url_or_chat}</p>
            <p className="admin-list__meta muted">Sends {channel.events.map((event) => CHANNEL_EVENT_LABELS[event]).join(', ')}</p>
            {channel.paused_reason ? (
              <p className="admin-list__meta" data-testid="channel-paused-reason">
                Paused: {channel.paused_reason}
              </p>
            ) : null}
            <Deliveries channel={channel} />
          </div>
          <div className="admin-list__actions">
            <button type="button" className="btn btn--small" aria-label={`Edit channel ${channel.name}`} onClick={() => editor.openEdit(channel)}>
              Edit
            </button>
            <button
              type="button"
              className="btn btn--small"
              aria-label={`${channel.paused ? 'Resume' : 'Pause'} channel ${channel.name}`}
              disabled={update.isPending}
              onClick={() => editor.run(update, { id: channel.id, changes: { paused: !channel.paused } }, (e) => messageOr(e, CHANNEL_SAVE_FAILED_MESSAGE))}
            >
              {channel.paused ? 'Resume' : 'Pause'}
            </button>
            <ConfirmAction
              label="Delete"
              ariaLabel={`Delete channel ${channel.name}`}
              question={CHANNEL_DELETE_CONFIRM_MESSAGE}
              busy={remove.isPending}
              onConfirm={() => editor.run(remove, channel.id, (e) => messageOr(e, CHANNEL_SAVE_FAILED_MESSAGE))}
            />
          </div>
        </li>
      )}
    />
  );
}
