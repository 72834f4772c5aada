import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { CLOCK, type Clock } from '../../core/clock.js';
import { APP_CONFIG, DATABASE, EVENT_LOG } from '../../core/injection-tokens.js';
import type { DatabaseHandle } from '../../database/database.js';
import type { EventLog } from '../../event-log/event-log.js';
import { OUTBOUND_POLICY, OutboundModule } from '../../outbound/outbound.module.js';
import type { OutboundPolicy } from '../../outbound/safe-url.js';
import { leadingConsumerLifecycle, ProjectorLeadership } from '../../projector/projector-leadership.js';
import { ChannelDeliveriesRepository } from '../../read-models/channels/channel-deliveries.repository.js';
import { ChannelRelay, CHANNEL_RELAY_ROLE } from './channel-relay.js';
import { TELEGRAM_SENDER, TelegramClientModule } from '../../telegram/telegram-client.module.js';
import type { TelegramSender } from '../../telegram/telegram-sender.js';
import { type ChannelTransports, discordTransport, telegramTransport, webhookTransport } from './channel-transport.js';

export const CHANNEL_RELAY_AUTOSTART = Symbol('CHANNEL_RELAY_AUTOSTART');
/**
 * The transports by kind: Discord and webhooks through the outbound check, Telegram through the
 * process's Bot API sender when XSD_TELEGRAM_BOT_TOKEN is set (tests replace the whole map, e.g.
 * with transports trusting a self-signed receiver).
 */
export const CHANNEL_TRANSPORTS = Symbol('CHANNEL_TRANSPORTS');

class ChannelRelayLifecycle extends leadingConsumerLifecycle(ChannelRelay, CHANNEL_RELAY_AUTOSTART, (relay) => (relay.running ? 'delivering to community channels' : null)) {}

/** Community-channel delivery, part of the notifier role (its own leader per database). */
@Module({})
export class ChannelRelayModule {
  static forRoot({ autostart }: { autostart: boolean }): DynamicModule {
    return {
      module: ChannelRelayModule,
      imports: [OutboundModule, TelegramClientModule],
      providers: [
        { provide: CHANNEL_RELAY_AUTOSTART, useValue: autostart },
        {
          provide: CHANNEL_TRANSPORTS,
          inject: [OUTBOUND_POLICY, TELEGRAM_SENDER],
          useFactory: (policy: OutboundPolicy, telegram: TelegramSender | null): ChannelTransports => ({
            discord: discordTransport({ policy }),
            webhook: webhookTransport({ policy }),
            ...(telegram ? { telegram: telegramTransport(telegram) } : {}),
          }),
        },
        {
          provide: ChannelRelay,
          inject: [DATABASE, EVENT_LOG, ChannelDeliveriesRepository, CHANNEL_TRANSPORTS, CLOCK, APP_CONFIG],
          useFactory: (
            database: DatabaseHandle,
            log: EventLog,
            deliveries: ChannelDeliveriesRepository,
            transports: ChannelTransports,
            clock: Clock,
            config: AppConfig,
          ) =>
            new ChannelRelay(database.db, log, deliveries, transports, clock, {
              leadership: new ProjectorLeadership(database.db, database.kind, CHANNEL_RELAY_ROLE),
              siteUrl: config.publicUrl,
            }),
        },
        ChannelRelayLifecycle,
      ],
      exports: [ChannelRelay],
    };
  }
}
