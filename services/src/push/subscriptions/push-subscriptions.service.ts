import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { pushSubscriptionSubject } from '@xsd/contracts';
import { pushSubscriptionId, type PushKeyResponse, type RemovePushSubscriptionRequestSchema, type SavePushSubscriptionRequestSchema, type SavePushSubscriptionResponse } from '@xsd/contracts/api/push';
import { idempotentId } from '@xsd/contracts/api/idempotency';
import type { z } from 'zod';
import { CLOCK, type Clock } from '../../core/clock.js';
import type { Undated } from '../../event-sourcing/aggregate-handler.js';
import type { Idempotency } from '../../http/idempotency-key.js';
import { OUTBOUND_POLICY } from '../../outbound/outbound.module.js';
import type { OutboundPolicy } from '../../outbound/safe-url.js';
import { PushSubscriptionsRepository } from '../../read-models/push/push-subscriptions.repository.js';
import { assertPublicPushEndpoint } from './push-endpoint.js';
import { PushFlood } from './push-flood.js';
import { DecidePushSubscription } from './push-subscription.commands.js';
import type { PushSubscriptionCommand } from './push-subscription.decider.js';
import { VAPID_DETAILS, type VapidDetails } from '../vapid/vapid-keys.js';

/** A visitor's browser registering its push subscription, preferences and alerts (no sign-in). */
@Injectable()
export class PushSubscriptionsService {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(VAPID_DETAILS) private readonly vapid: VapidDetails,
    private readonly subscriptions: PushSubscriptionsRepository,
    private readonly flood: PushFlood,
    @Inject(OUTBOUND_POLICY) private readonly outbound: OutboundPolicy,
  ) {}

  /** The applicationServerKey browsers subscribe with. */
  publicKey(): PushKeyResponse {
    return { publicKey: this.vapid.publicKey };
  }

  /** Counted against the client before anything is decided. */
  admit(client: string): Promise<void> {
    return this.flood.admit(client, this.clock());
  }

  /**
   * Upsert on the endpoint; answers once the read model holds it, with the rules now watched. With
   * an Idempotency-Key, a retry of a save stores nothing and answers from the read model.
   */
  async save(request: z.output<typeof SavePushSubscriptionRequestSchema>, idempotency: Idempotency | null): Promise<SavePushSubscriptionResponse> {
    const { subscription, preferences, alerts } = request;
    assertPublicPushEndpoint(subscription.endpoint, this.outbound, 'invalid_push_subscription');
    const subscriptionId = pushSubscriptionId(subscription.endpoint);
    await this.run(subscriptionId, {
      type: 'SavePushSubscription',
      data: {
        subscriptionId,
        endpoint: subscription.endpoint,
        ...subscription.keys,
        preferences,
        alerts,
        ...(idempotency && {
          request: {
            id: idempotentId('push', idempotency.client, idempotency.key),
            // The parsed request, fields in the schema's order: the same body gives the same digest.
            fingerprint: createHash('sha256').update(JSON.stringify(request)).digest('hex'),
          },
        }),
      },
    });
    const rules = await this.subscriptions.rulesOf(subscriptionId);
    return { saved: true, rules: rules.filter((rule) => rule.enabled).length };
  }

  async remove(request: z.output<typeof RemovePushSubscriptionRequestSchema>): Promise<{ removed: true }> {
    const subscriptionId = pushSubscriptionId(request.endpoint);
    await this.run(subscriptionId, {
      type: 'RemovePushSubscription',
      data: { subscriptionId, endpoint: request.endpoint, reason: 'unsubscribed' },
    });
    return { removed: true };
  }

  private async run(subscriptionId: string, command: Undated<PushSubscriptionCommand>): Promise<void> {
    // Visitors are anonymous: the endpoint is the only thing known about them, and it stays in the data.
    await this.commands.execute(new DecidePushSubscription(pushSubscriptionSubject(subscriptionId), { kind: 'visitor', id: null }, command));
  }
}
