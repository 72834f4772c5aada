import { Logger, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, PUSH_HTTPS_AGENT } from '../../core/injection-tokens.js';
import { OutboundModule } from '../../outbound/outbound.module.js';
import { PushDeliveryRecords } from './push-delivery-records.js';
import { loadVapidDetails, VAPID_DETAILS, type VapidDetails } from '../vapid/vapid-keys.js';
import { WebPushSender } from './web-push-sender.js';

/**
 * The VAPID keys, the sender and the records every fan-out leaves (deliveries, expired
 * subscriptions removed), for every role that sends web push (the API's broadcasts, the
 * notifier). PUSH_HTTPS_AGENT is null (the sender's own keep-alive agent) unless a test overrides it.
 */
@Module({
  // OUTBOUND_POLICY: every endpoint is checked and pinned when a push is sent.
  imports: [OutboundModule],
  providers: [
    {
      provide: VAPID_DETAILS,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<VapidDetails> => {
        const details = await loadVapidDetails(config);
        // The public key and the subject's kind only: never the private key, nor a mailto subject's
        // address (a staff member's, by default XSD_ADMIN_EMAIL).
        const subject = details.subject.startsWith('mailto:') ? 'mailto:…' : details.subject;
        new Logger('WebPush').log(`VAPID public key ${details.publicKey.slice(0, 12)}…, subject ${subject}`);
        return details;
      },
    },
    { provide: PUSH_HTTPS_AGENT, useValue: null },
    WebPushSender,
    PushDeliveryRecords,
  ],
  exports: [VAPID_DETAILS, WebPushSender, PushDeliveryRecords],
})
export class WebPushModule {}
