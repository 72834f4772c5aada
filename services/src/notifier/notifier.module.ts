import { type DynamicModule, Module } from '@nestjs/common';
import { Interval, ScheduleModule } from '@nestjs/schedule';
import { CLOCK, type Clock } from '../core/clock.js';
import { DATABASE, EVENT_LOG } from '../core/injection-tokens.js';
import type { DatabaseHandle } from '../database/database.js';
import { describeError } from '../event-log/batch-delivery.js';
import type { EventLog } from '../event-log/event-log.js';
import { Metrics } from '../metrics/metrics.js';
import { leadingConsumerLifecycle, ProjectorLeadership } from '../projector/projector-leadership.js';
import { PushDeliveryRecords } from '../push/sender/push-delivery-records.js';
import { WebPushSender } from '../push/sender/web-push-sender.js';
import { WebPushModule } from '../push/sender/web-push.module.js';
import { NotifierStateRepository } from '../read-models/push/notifier-state.repository.js';
import { TELEGRAM_SENDER, TelegramClientModule } from '../telegram/telegram-client.module.js';
import type { TelegramSender } from '../telegram/telegram-sender.js';
import { Notifier, NOTIFIER_ROLE } from './notifier.js';
import { ChannelRelayModule } from './channels/channel-relay.module.js';

export const NOTIFIER_AUTOSTART = Symbol('NOTIFIER_AUTOSTART');
/** Reminders are judged twice a minute (the in-tab checker: once), so one fires within 30 s of its time. */
export const REMINDER_CHECK_MS = 30_000;

/** Starts the notifier with the application, runs the reminder passes, and stops it before the log closes. */
class NotifierLifecycle extends leadingConsumerLifecycle(Notifier, NOTIFIER_AUTOSTART, (notifier) =>
  notifier.running ? `leading from sequence ${notifier.checkpoint}` : null,
) {
  @Interval('notifier-reminders', REMINDER_CHECK_MS)
  async onInterval(): Promise<void> {
    if (!this.consumer.running) return;
    try {
      await this.consumer.remind();
    } catch (error) {
      // Logged and tried again at the next pass: the schedule never stops.
      this.logger.error(`reminder pass failed: ${describeError(error)}`);
    }
  }
}

/** The notifier role: alert rules to web push and bound Telegram chats (see Notifier). Part of `all` and of its own service. */
@Module({})
export class NotifierModule {
  /** `autostart: false` builds it without following the log (tests call start() themselves). */
  static forRoot({ autostart }: { autostart: boolean }): DynamicModule {
    return {
      module: NotifierModule,
      imports: [ScheduleModule.forRoot(), WebPushModule, TelegramClientModule, ChannelRelayModule.forRoot({ autostart })],
      providers: [
        { provide: NOTIFIER_AUTOSTART, useValue: autostart },
        {
          provide: Notifier,
          inject: [DATABASE, EVENT_LOG, NotifierStateRepository, WebPushSender, PushDeliveryRecords, CLOCK, Metrics, TELEGRAM_SENDER],
          useFactory: (
            database: DatabaseHandle,
            log: EventLog,
            state: NotifierStateRepository,
            sender: WebPushSender,
            records: PushDeliveryRecords,
            clock: Clock,
            metrics: Metrics,
            telegram: TelegramSender | null,
          ) =>
            new Notifier(database.db, log, state, sender, records, clock, metrics, {
              leadership: new ProjectorLeadership(database.db, database.kind, NOTIFIER_ROLE),
              ...(telegram && { telegram }),
            }),
        },
        NotifierLifecycle,
      ],
      exports: [Notifier],
    };
  }
}
