import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { pushSubscriptionsProjection } from '../read-models/push/push-subscriptions.projection.js';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../core/injection-tokens.js';
import { openAttemptStore } from '../rate-limit/open-attempt-store.js';
import { SIGN_IN_LIMITS } from '../staff/sign-in-budget.js';
import { AdminPushController } from './broadcast/admin-push.controller.js';
import { NewsPushService } from './broadcast/news-push.service.js';
import { PushApiKeyController } from './broadcast/push-api-key.controller.js';
import { PushBroadcastService } from './broadcast/push-broadcast.service.js';
import { PUSH_FLOOD_LIMIT, PushFlood } from './subscriptions/push-flood.js';
import { PushStatusService } from './status/push-status.service.js';
import { PushSubscriptionsService } from './subscriptions/push-subscriptions.service.js';
import { PushController } from './subscriptions/push.controller.js';
import { DecidePushSubscription } from './subscriptions/push-subscription.commands.js';
import { pushSubscriptionDecider } from './subscriptions/push-subscription.decider.js';
import { WebPushModule } from './sender/web-push.module.js';
import { OutboundModule } from '../outbound/outbound.module.js';

/**
 * Web push in the API: the VAPID public key, visitors' subscriptions and alerts, the API-key
 * sender, the Breaking News send action and the staff's push figures.
 */
@Module({
  imports: [CqrsModule.forRoot(), WebPushModule, ApiKeysModule, OutboundModule],
  controllers: [PushController, PushApiKeyController, AdminPushController],
  providers: [
    {
      provide: PushFlood,
      inject: [APP_CONFIG],
      // The attempt bucket is shared with sign-in: its max age must cover both windows.
      useFactory: async (config: AppConfig) =>
        new PushFlood(await openAttemptStore(config, Math.max(SIGN_IN_LIMITS.failureWindowMs, PUSH_FLOOD_LIMIT.windowMs))),
    },
    PushSubscriptionsService,
    PushBroadcastService,
    PushStatusService,
    NewsPushService,
    aggregateHandler(DecidePushSubscription, { decider: pushSubscriptionDecider, projection: pushSubscriptionsProjection.name }),
  ],
})
export class PushModule {}
