import { isDeepStrictEqual } from 'node:util';
import type { EventData } from '@xsd/contracts';
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_MESSAGES } from '@xsd/contracts/api/idempotency';
import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import { type DecidedEvent, type Decider, DecisionError, unreachable } from '../../event-sourcing/decider.js';

type Saved = EventData<'push.subscription-saved'>;
type Content = Omit<Saved, 'request'>;

/** How many keyed saves a subscription remembers (each within IDEMPOTENCY_KEY_TTL_MS): bounded per subscription. */
export const REMEMBERED_PUSH_REQUESTS = 16;

/** A keyed save that stored something: its key's id and request fingerprint, and when (ms; null without the envelope). */
interface KeyedSave {
  readonly id: string;
  readonly fingerprint: string;
  readonly at: number | null;
}

/** One push subscription, stored on `xsd.push.subscription.<id>` (the id is a UUID v5 of the endpoint). */
export type PushSubscriptionState =
  | { readonly status: 'none' }
  | { readonly status: 'active'; readonly saved: Content; readonly requests: readonly KeyedSave[] }
  | { readonly status: 'removed'; readonly requests: readonly KeyedSave[] };

/** As decided, or as stored (then with the envelope's time). */
export type PushSubscriptionEvent = DecidedEvent<'push.subscription-saved' | 'push.subscription-removed'> & { readonly occurredAt?: string };

/**
 * The browser registered (again) its subscription with its preferences and alerts: an upsert. With
 * `request` (it sent an Idempotency-Key), a retry of a save already stored stores nothing.
 */
export interface SavePushSubscription {
  readonly type: 'SavePushSubscription';
  readonly data: Saved;
  readonly metadata: { readonly now: Date };
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
      case 'SavePushSubscription': {
        const { request, ...content } = command.data;
        const earlier = request && state.status !== 'none' ? state.requests.find((known) => known.id === request.id) : undefined;
        if (request && earlier) {
          if (earlier.at !== null && command.metadata.now.getTime() - earlier.at > IDEMPOTENCY_KEY_TTL_MS) {
            throw new DecisionError('unprocessable', 'idempotency_key_expired', IDEMPOTENCY_MESSAGES.expired);
          }
          if (earlier.fingerprint !== request.fingerprint) {
            throw new DecisionError('unprocessable', 'idempotency_key_reused', IDEMPOTENCY_MESSAGES.reused);
          }
          // A retry of a save already stored: nothing new, even if a later save changed the subscription since.
          return [];
        }
        // A browser re-sends its subscription on every visit: the same content is no news.
        if (state.status === 'active' && isDeepStrictEqual(state.saved, content)) return [];
        return [{ type: 'push.subscription-saved', data: command.data }];
      }
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
      case 'push.subscription-saved': {
        const { request, ...saved } = event.data;
        const requests = state.status === 'none' ? [] : state.requests;
        if (!request) return { status: 'active', saved, requests };
        const at = event.occurredAt === undefined ? null : Date.parse(event.occurredAt);
        return { status: 'active', saved, requests: [...requests, { ...request, at }].slice(-REMEMBERED_PUSH_REQUESTS) };
      }
      case 'push.subscription-removed':
        return { status: 'removed', requests: state.status === 'none' ? [] : state.requests };
      default:
        return unreachable(event);
    }
  },
};
