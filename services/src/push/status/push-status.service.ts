import { Inject, Injectable } from '@nestjs/common';
import type { PushStatusResponse, PushSubscriptionStatsResponse } from '@xsd/contracts/api/push';
import { CLOCK, type Clock } from '../../core/clock.js';
import { PushDeliveriesRepository } from '../../read-models/push/push-deliveries.repository.js';
import { PushSubscriptionsRepository } from '../../read-models/push/push-subscriptions.repository.js';

const DAY_MS = 24 * 60 * 60_000;

/** Figures about push from the read models: the API-key stats route, the staff status route and `xsd push status`. */
@Injectable()
export class PushStatusService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly subscriptions: PushSubscriptionsRepository,
    private readonly deliveries: PushDeliveriesRepository,
  ) {}

  async subscriptionStats(): Promise<PushSubscriptionStatsResponse> {
    const { total, ...preferences } = await this.subscriptions.preferenceCounts();
    return { total, preferences };
  }

  async status(): Promise<PushStatusResponse> {
    const now = this.clock();
    const [{ total }, rules, deliveries] = await Promise.all([
      this.subscriptions.preferenceCounts(),
      this.subscriptions.enabledRuleCounts(),
      this.deliveries.countsSince(new Date(now.getTime() - DAY_MS)),
    ]);
    return { subscriptions: total, rules, deliveries, generated_at: now.toISOString() };
  }
}
