import { AggregateCommand } from '../../event-sourcing/aggregate-handler.js';
import type { PushSubscriptionCommand, PushSubscriptionState } from './push-subscription.decider.js';

/** On one browser's push subscription: saved or removed by the visitor, removed when the push service says it expired. */
export class DecidePushSubscription extends AggregateCommand<PushSubscriptionCommand, PushSubscriptionState> {}
