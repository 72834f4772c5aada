import { Inject, Injectable } from '@nestjs/common';
import { type Actor, type AnyEvent, createEvent, pushSubscriptionSubject } from '@xsd/contracts';
import { PUSH_DELIVERIES_BATCH_MAX, type PushDeliveryItem } from '@xsd/contracts/events/push-events';
import { CLOCK, type Clock } from '../../core/clock.js';
import { EVENT_LOG } from '../../core/injection-tokens.js';
import type { EventLog } from '../../event-log/event-log.js';
import { AggregateHandler } from '../../event-sourcing/aggregate-handler.js';
import { DecidePushSubscription } from '../subscriptions/push-subscription.commands.js';
import {
  type PushSubscriptionCommand,
  type PushSubscriptionEvent,
  type PushSubscriptionState,
  pushSubscriptionDecider,
} from '../subscriptions/push-subscription.decider.js';
import type { PushTarget } from './web-push-sender.js';

/** Who the removals of expired subscriptions are recorded as. */
export const PUSH_SYSTEM_ACTOR: Actor = { kind: 'system', id: 'push' };
/** Expired subscriptions removed at once. */
const PRUNE_CONCURRENCY = 16;

/** `push.deliveries-recorded` events for any number of deliveries, each within PUSH_DELIVERIES_BATCH_MAX. */
export function deliveriesRecordedEvents(deliveries: readonly PushDeliveryItem[], actor: Actor, now: Date): AnyEvent[] {
  const events: AnyEvent[] = [];
  for (let start = 0; start < deliveries.length; start += PUSH_DELIVERIES_BATCH_MAX) {
    events.push(createEvent('push.deliveries-recorded', { deliveries: deliveries.slice(start, start + PUSH_DELIVERIES_BATCH_MAX) }, { actor, now }) as AnyEvent);
  }
  return events;
}

/**
 * What every sender records after a fan-out (the API's broadcasts, the notifier's alerts): the
 * deliveries, and the removal of each subscription the push service said is gone (404 / 410).
 */
@Injectable()
export class PushDeliveryRecords {
  /**
   * The push subscription aggregate's command handler, held here rather than reached through the
   * CommandBus: the notifier runs outside Nest in its tests, and nothing reads the removal back.
   */
  private readonly subscriptions: AggregateHandler<PushSubscriptionCommand, PushSubscriptionEvent, PushSubscriptionState>;

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.subscriptions = new AggregateHandler({ decider: pushSubscriptionDecider }, log, clock, null);
  }

  /** Appends the deliveries in batches; answers the sequence of the last (0 when there were none). */
  async record(deliveries: readonly PushDeliveryItem[], actor: Actor): Promise<number> {
    const events = deliveriesRecordedEvents(deliveries, actor, this.clock());
    if (events.length === 0) return 0;
    const appended = await this.log.appendMany(events);
    return Math.max(...appended.map((result) => result.sequence));
  }

  /** `push.subscription-removed` with reason 'expired' for each target; one already gone is left alone. */
  async removeExpired(targets: readonly Pick<PushTarget, 'subscriptionId' | 'endpoint'>[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const { subscriptionId, endpoint } = targets[next++]!;
        await this.subscriptions.execute(
          new DecidePushSubscription(pushSubscriptionSubject(subscriptionId), PUSH_SYSTEM_ACTOR, {
            type: 'RemovePushSubscription',
            data: { subscriptionId, endpoint, reason: 'expired' },
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(PRUNE_CONCURRENCY, targets.length) }, worker));
  }
}
