import { isDeepStrictEqual } from 'node:util';
import type { EventData } from '@xsd/contracts';
import { PUSH_MESSAGES } from '@xsd/contracts/api/push';
import { type DecidedEvent, type Decider, DecisionError, unreachable } from '../../event-sourcing/decider.js';

type Saved = EventData<'push.subscription-saved'>;

/** One push subscription, stored on `xsd.push.subscription.<id>` (the id is a UUID v5 of the endpoint). */
export type PushSubscriptionState =
  | { readonly status: 'none' }
  | { readonly status: 'active'; readonly saved: Saved }
  | { readonly status: 'removed' };

export type PushSubscriptionEvent = DecidedEvent<'push.subscription-saved' | 'push.subscription-removed'>;

/** The browser registered (again) its subscription with its preferences and alerts: an upsert. */
export interface SavePushSubscription {
  readonly type: 'SavePushSubscription';
  readonly data: Saved;
}

/** The visitor turned push off, or the push service answered 404 / 410 ('expired'). */
export interface RemovePushSubscription {
  readonly type: 'RemovePushSubscription';
  readonly data: { readonly subscriptionId: string; readonly endpoint: string; readonly reason: 'unsubscribed' | 'expired' };
}

export type PushSubscriptionCommand = SavePushSubscription | RemovePushSubscription;

export const initialPushSubscriptionState: PushSubscriptionState = { status: 'none' };

export const pushSubscriptionDecider: Decider<PushSubscriptionCommand, PushSubscriptionEvent, PushSubscriptionState> = {
  initialState: initialPushSubscriptionState,

  decide(command, state) {
    switch (command.type) {
      case 'SavePushSubscription':
        // A browser re-sends its subscription on every visit: the same content is no news.
        if (state.status === 'active' && isDeepStrictEqual(state.saved, command.data)) return [];
        return [{ type: 'push.subscription-saved', data: command.data }];
      case 'RemovePushSubscription': {
        if (state.status === 'active') return [{ type: 'push.subscription-removed', data: command.data }];
        // A push service's 404 for a subscription already gone (two senders raced): nothing to do.
        if (command.data.reason === 'expired') return [];
        throw new DecisionError('not_found', 'push_subscription_not_found', PUSH_MESSAGES.subscriptionNotFound);
      }
      default:
        return unreachable(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'push.subscription-saved':
        return { status: 'active', saved: event.data };
      case 'push.subscription-removed':
        return { status: 'removed' };
      default:
        return unreachable(event);
    }
  },
};
