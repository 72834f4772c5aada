import { CHANNEL_NOT_FOUND_MESSAGE, type ChannelEvent as ChannelEventName, type ChannelKind } from '@xsd/contracts/api/admin-channels';
import { changedFields } from '../event-sourcing/changed-fields.js';
import { type DecidedEvent, type Decider, DecisionError, unreachable } from '../event-sourcing/decider.js';

export interface ChannelFields {
  readonly name: string;
  readonly urlOrChat: string;
  readonly events: readonly ChannelEventName[];
}

/** One community channel, stored on `xsd.channel.<id>`. */
export type ChannelState =
  | { readonly status: 'none' }
  | ({ readonly status: 'active' | 'paused'; readonly kind: ChannelKind } & ChannelFields)
  | { readonly status: 'deleted' };

export type ChannelDomainEvent = DecidedEvent<'channel.created' | 'channel.updated' | 'channel.paused' | 'channel.resumed' | 'channel.deleted'>;

/** The URL arrives checked (https, public address) by the service: the check resolves names, so it is not pure. */
export interface CreateChannel {
  readonly type: 'CreateChannel';
  readonly data: ChannelFields & { readonly channelId: string; readonly kind: ChannelKind; readonly secret: string | null };
  readonly metadata: { readonly now: Date };
}

export interface UpdateChannel {
  readonly type: 'UpdateChannel';
  readonly data: Partial<ChannelFields> & { readonly channelId: string; readonly paused?: boolean };
  readonly metadata: { readonly now: Date };
}

/** The notifier's: a delivery failed for 24 h. Nothing happens to a channel already paused or gone. */
export interface PauseFailingChannel {
  readonly type: 'PauseFailingChannel';
  readonly data: { readonly channelId: string; readonly reason: string };
  readonly metadata: { readonly now: Date };
}

export interface DeleteChannel {
  readonly type: 'DeleteChannel';
  readonly data: { readonly channelId: string };
  readonly metadata: { readonly now: Date };
}

export type ChannelCommand = CreateChannel | UpdateChannel | PauseFailingChannel | DeleteChannel;

export const PAUSED_BY_STAFF_REASON = 'Paused by staff';

const notFound = () => new DecisionError('not_found', 'channel_not_found', CHANNEL_NOT_FOUND_MESSAGE);

export const channelDecider: Decider<ChannelCommand, ChannelDomainEvent, ChannelState> = {
  initialState: { status: 'none' },
  decide(command, state) {
    switch (command.type) {
      case 'CreateChannel':
        if (state.status !== 'none') throw new DecisionError('conflict', 'channel_exists', 'This channel already exists');
        return [{ type: 'channel.created', data: { ...command.data, events: [...command.data.events] } }];
      case 'UpdateChannel': {
        if (state.status !== 'active' && state.status !== 'paused') throw notFound();
        const { channelId, paused, ...fields } = command.data;
        const current: ChannelFields = { name: state.name, urlOrChat: state.urlOrChat, events: state.events };
        // Lists compare by content: the same events sent again change nothing.
        const sameEvents = fields.events !== undefined && fields.events.join() === state.events.join();
        const diff = changedFields(current, { ...fields, events: sameEvents ? undefined : fields.events });
        const events: ChannelDomainEvent[] = [];
        if (diff) {
          const mutable = ({ events: list, ...rest }: Partial<ChannelFields>) => ({ ...rest, ...(list ? { events: [...list] } : {}) });
          const changes = mutable(diff.changes);
          const previous = mutable(diff.previous);
          events.push({ type: 'channel.updated', data: { channelId, name: fields.name ?? state.name, changes, previous } });
        }
        const name = fields.name ?? state.name;
        if (paused === true && state.status === 'active') events.push({ type: 'channel.paused', data: { channelId, name, reason: PAUSED_BY_STAFF_REASON } });
        if (paused === false && state.status === 'paused') events.push({ type: 'channel.resumed', data: { channelId, name } });
        return events;
      }
      case 'PauseFailingChannel':
        if (state.status !== 'active') return [];
        return [{ type: 'channel.paused', data: { channelId: command.data.channelId, name: state.name, reason: command.data.reason.slice(0, 500) } }];
      case 'DeleteChannel':
        if (state.status !== 'active' && state.status !== 'paused') throw notFound();
        return [{ type: 'channel.deleted', data: { channelId: command.data.channelId, name: state.name } }];
      default:
        return unreachable(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'channel.created':
        return { status: 'active', kind: event.data.kind, name: event.data.name, urlOrChat: event.data.urlOrChat, events: event.data.events };
      case 'channel.updated':
        return state.status === 'active' || state.status === 'paused' ? { ...state, ...event.data.changes } : state;
      case 'channel.paused':
        return state.status === 'active' ? { ...state, status: 'paused' } : state;
      case 'channel.resumed':
        return state.status === 'paused' ? { ...state, status: 'active' } : state;
      case 'channel.deleted':
        return { status: 'deleted' };
      default:
        return unreachable(event);
    }
  },
};
