import { createEvent } from '@xsd/contracts';
import type { PushPayload } from '@xsd/contracts/api/push';
import type { Clock } from '../core/clock.js';
import type { EventLog } from '../event-log/event-log.js';
import type { PushDeliveryRecords } from '../push/sender/push-delivery-records.js';
import type { DeliveryResult, PushOptions, PushTarget } from '../push/sender/web-push-sender.js';
import type { DeliveryChannelKind, SendableTrigger } from '../read-models/push/notifier-state.repository.js';
import type { TelegramSender } from '../telegram/telegram-sender.js';
import { messageText } from './trigger-message.js';
import { NOTIFIER_ACTOR } from './trigger-outbox.js';

/** What the dispatcher needs of `WebPushSender`: one push, retries and all, never throwing. */
export interface PushSending {
  send(target: PushTarget, payload: PushPayload, options: PushOptions): Promise<DeliveryResult>;
}

/** One way triggers leave (PushDispatcher is the same for each): how to send one, and what a target found gone means. */
export interface DeliveryChannel {
  readonly kind: DeliveryChannelKind;
  /** False when the target is gone (removed or unbound): recorded pruned, nothing sent. */
  reachable(trigger: SendableTrigger): boolean;
  /** One message, retries and all, never throwing; `ttlSeconds` is what is left of its life. */
  send(trigger: SendableTrigger, ttlSeconds: number): Promise<DeliveryResult>;
  /** The service said these targets are gone (web push 404 / 410, Telegram 403): the log says so too. */
  removeGone(triggers: readonly SendableTrigger[]): Promise<void>;
}

export class WebPushChannel implements DeliveryChannel {
  readonly kind = 'web-push';

  constructor(
    private readonly sender: PushSending,
    private readonly records: Pick<PushDeliveryRecords, 'removeExpired'>,
  ) {}

  reachable(trigger: SendableTrigger): boolean {
    return trigger.endpoint !== null && trigger.p256dh !== null && trigger.auth !== null;
  }

  send(trigger: SendableTrigger, ttlSeconds: number): Promise<DeliveryResult> {
    return this.sender.send(
      { subscriptionId: trigger.subscription_id, endpoint: trigger.endpoint!, p256dh: trigger.p256dh!, auth: trigger.auth! },
      trigger.payload,
      // One topic per alert: an offline device keeps only the newest push of each alert.
      { ttlSeconds, urgency: trigger.urgency, topic: `${trigger.kind}:${trigger.alert_id}` },
    );
  }

  async removeGone(triggers: readonly SendableTrigger[]): Promise<void> {
    await this.records.removeExpired(triggers.map((trigger) => ({ subscriptionId: trigger.subscription_id, endpoint: trigger.endpoint! })));
  }
}

/** Bound Telegram chats: the push's title and text as a message; a 403 unbinds the chat. */
export class TelegramChannel implements DeliveryChannel {
  readonly kind = 'telegram';

  constructor(
    private readonly sender: TelegramSender,
    private readonly log: EventLog,
    private readonly clock: Clock,
  ) {}

  reachable(trigger: SendableTrigger): boolean {
    return trigger.telegram_chat_id !== null;
  }

  async send(trigger: SendableTrigger): Promise<DeliveryResult> {
    const result = await this.sender.sendTelegramMessage(Number(trigger.telegram_chat_id), messageText(trigger.payload));
    return { outcome: result.outcome === 'blocked' ? 'pruned' : result.outcome, status: result.status, attempts: result.attempts };
  }

  async removeGone(triggers: readonly SendableTrigger[]): Promise<void> {
    await this.log.appendMany(
      triggers.map((trigger) =>
        createEvent('telegram.chat-unbound', { subscriptionId: trigger.subscription_id, chatId: Number(trigger.telegram_chat_id), reason: 'blocked' }, { actor: NOTIFIER_ACTOR, now: this.clock() }),
      ),
    );
  }
}
