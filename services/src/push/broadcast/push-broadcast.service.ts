import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Actor, createEvent } from '@xsd/contracts';
import type { PushPayload, PushSendResponse } from '@xsd/contracts/api/push';
import { CLOCK, type Clock } from '../../core/clock.js';
import { EVENT_LOG } from '../../core/injection-tokens.js';
import type { EventLog } from '../../event-log/event-log.js';
import { ProjectionProgress } from '../../core/projection-progress.js';
import { pushDeliveriesProjection } from '../../read-models/push/push-deliveries.projection.js';
import { PushSubscriptionsRepository } from '../../read-models/push/push-subscriptions.repository.js';
import { PushDeliveryRecords } from '../sender/push-delivery-records.js';
import { type PushOptions, WebPushSender } from '../sender/web-push-sender.js';

export interface Broadcast {
  readonly payload: PushPayload;
  readonly source: 'api_key' | 'breaking_news';
  /** The news item, or the API key's id. */
  readonly sourceId: string;
  /** The staff member or API key that sent it. */
  readonly actor: Actor;
  readonly options: PushOptions;
}

/**
 * One notification to every subscription with systemUpdates on (the API-key sender, breaking
 * news): sends, records each delivery, removes the subscriptions the push service says are gone
 * (404 / 410), and records the broadcast with its figures for the activity log.
 */
@Injectable()
export class PushBroadcastService {
  private readonly logger = new Logger('PushBroadcast');

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
    private readonly subscriptions: PushSubscriptionsRepository,
    private readonly sender: WebPushSender,
    private readonly records: PushDeliveryRecords,
  ) {}

  async broadcast(broadcast: Broadcast): Promise<PushSendResponse> {
    const targets = await this.subscriptions.systemUpdateTargets();
    const broadcastId = randomUUID();
    const results = await this.sender.sendMany(targets, broadcast.payload, broadcast.options);
    const sent = results.filter((result) => result.outcome === 'sent').length;
    // A subscription found gone (pruned) did not get it: it counts as failed.
    const figures = { sent, failed: targets.length - sent, total: targets.length };

    const lastDelivery = await this.records.record(
      targets.map((target, index) => ({
        triggerId: broadcastId,
        subscriptionId: target.subscriptionId,
        outcome: results[index]!.outcome,
        status: results[index]!.status,
        attempts: results[index]!.attempts,
      })),
      broadcast.actor,
    );
    await this.records.removeExpired(targets.filter((_, index) => results[index]!.outcome === 'pruned'));
    await this.log.append(
      createEvent(
        'push.broadcast-sent',
        { broadcastId, source: broadcast.source, sourceId: broadcast.sourceId, title: broadcast.payload.title, ...figures },
        { actor: broadcast.actor, now: this.clock() },
      ),
    );
    this.logger.log(`broadcast ${broadcastId} (${broadcast.source}): ${figures.sent} sent, ${figures.failed} failed of ${figures.total}`);
    // The push status figures include this broadcast by the time the answer arrives.
    if (lastDelivery > 0) await this.progress.waitFor(pushDeliveriesProjection.name, lastDelivery);
    return figures;
  }
}
