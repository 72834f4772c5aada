import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { createEvent } from '@xsd/contracts';
import { formatSilverAlertPrice, formatTokenAlertPrice, reminderLabel } from '@xsd/contracts/rules/alert-notification';
import { telegramSubscriptionId } from '@xsd/contracts/events/telegram-events';
import type { Clock } from '../core/clock.js';
import { describeError, StopSignal } from '../event-log/batch-delivery.js';
import type { EventLog } from '../event-log/event-log.js';
import type { NotifierTelegramRepository, TelegramRuleRow } from '../read-models/push/notifier-telegram.repository.js';
import { TelegramApiError, type TelegramMessage, type TelegramUser } from '../telegram/telegram-bot-api.js';
import type { TelegramSender } from '../telegram/telegram-sender.js';
import { deterministicEventId } from './trigger-ids.js';

/** Seconds a getUpdates waits for an update before answering with none. */
export const TELEGRAM_POLL_SECONDS = 25;
const RETRY_WAIT_MS = 2_000;

export const TELEGRAM_REPLIES = {
  help: "To get your price alerts here, open Price Alerts on the site and choose 'Send to Telegram'.\n/alerts lists the alerts of this chat, /stop ends them.",
  invalidLink: "This link is not valid any more (links work once, for 10 minutes). Open Price Alerts on the site and choose 'Send to Telegram' again.",
  bound: (rules: number) => `Done: ${rules} ${rules === 1 ? 'alert' : 'alerts'} will be sent to this chat.\n/alerts lists them, /stop ends them.`,
  notBound: "No alerts are sent to this chat. Open Price Alerts on the site and choose 'Send to Telegram' to add yours.",
  stopped: 'Stopped: no more alerts will be sent to this chat.',
} as const;

const VISITOR = { kind: 'visitor', id: null } as const;

export const codeHash = (code: string): string => createHash('sha256').update(code).digest('hex');

/** One line per rule, as the alert list on the site words it. */
export function ruleLine(rule: TelegramRuleRow): string {
  const off = rule.enabled ? '' : ' (off)';
  switch (rule.kind) {
    case 'price':
      return `${rule.token} on ${rule.chain} ${rule.condition} ${formatTokenAlertPrice(rule.threshold ?? 0)}${off}`;
    case 'silver':
      return `Silver ${rule.condition} ${formatSilverAlertPrice(rule.threshold ?? 0)} per gram${off}`;
    default:
      return `${reminderLabel(rule.reminder_minutes ?? 0)} before ${rule.title ?? rule.event_date ?? 'an event'}${off}`;
  }
}

/**
 * The bot's side of the chats: long polling on getUpdates (one leader per database runs it, with
 * the notifier), the offset kept in the database after each update, and the three commands.
 * Binding and unbinding are events with ids derived from the update, so a command handled again
 * after a crash is stored once; the notifier's fold applies them (a link is used by the first
 * binding in the log).
 */
export class TelegramUpdates {
  private readonly logger = new Logger('TelegramBot');
  private signal = new StopSignal();
  private abort = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly sender: TelegramSender,
    private readonly repository: NotifierTelegramRepository,
    private readonly log: EventLog,
    private readonly clock: Clock,
    /** Resolves once the notifier has folded the log as it is now. */
    private readonly caughtUp: () => Promise<void>,
  ) {}

  start(): void {
    if (this.loop) return;
    this.signal = new StopSignal();
    this.abort = new AbortController();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.signal.stop();
    this.abort.abort();
    await this.loop;
    this.loop = null;
  }

  private async run(): Promise<void> {
    const me = await this.untilStopped(() => this.sender.api.getMe());
    if (!me) return;
    this.logger.log(`receiving the updates of @${me.username ?? me.id}`);
    let offset = await this.untilStopped(() => this.repository.offset(me.id));
    while (offset !== null && !this.signal.stopped) {
      let updates;
      try {
        updates = await this.sender.api.getUpdates(offset, TELEGRAM_POLL_SECONDS, this.abort.signal);
      } catch (error) {
        if (this.signal.stopped) return;
        await this.afterError('getUpdates', error);
        continue;
      }
      for (const update of updates) {
        try {
          if (update.message?.text) await this.handle(me, update.update_id, update.message);
          offset = update.update_id + 1;
          await this.repository.saveOffset(me.id, offset);
        } catch (error) {
          // Not confirmed: asked again from this update on (its events keep their ids).
          await this.afterError(`update ${update.update_id}`, error);
          break;
        }
      }
    }
  }

  private async handle(me: TelegramUser, updateId: number, message: TelegramMessage & { text?: string }): Promise<void> {
    const command = /^\/([A-Za-z]+)(?:@(\w+))?(?:\s+(\S+))?/.exec(message.text ?? '');
    const chatId = message.chat.id;
    // In a group, a command for another bot is not ours.
    if (command?.[2] && command[2].toLowerCase() !== me.username?.toLowerCase()) return;
    const atMs = message.date * 1000;
    const eventId = (type: string) => deterministicEventId(`${type}\n${me.id}\n${updateId}`, atMs);
    switch (command?.[1].toLowerCase()) {
      case 'start': {
        const code = command[3];
        if (!code) return this.reply(chatId, TELEGRAM_REPLIES.help);
        // The link's event may be just behind: fold the log as it is first.
        await this.caughtUp();
        const link = await this.repository.linkByCodeHash(codeHash(code));
        if (!link || link.used_at !== null || link.expires_at.getTime() <= this.clock().getTime()) return this.reply(chatId, TELEGRAM_REPLIES.invalidLink);
        await this.log.append(
          createEvent(
            'telegram.chat-bound',
            { subscriptionId: telegramSubscriptionId(chatId), chatId, linkId: link.link_id, preferences: link.preferences, alerts: link.alerts },
            { actor: VISITOR, now: new Date(atMs), id: eventId('telegram.chat-bound') },
          ),
        );
        await this.caughtUp();
        const rules = [...link.alerts.token, ...link.alerts.silver, ...link.alerts.calendar].filter((alert) => alert.enabled).length;
        return this.reply(chatId, TELEGRAM_REPLIES.bound(rules));
      }
      case 'alerts': {
        const subscriptionId = await this.repository.boundSubscription(chatId);
        if (!subscriptionId) return this.reply(chatId, TELEGRAM_REPLIES.notBound);
        const rules = await this.repository.rulesOf(subscriptionId);
        return this.reply(chatId, rules.length === 0 ? TELEGRAM_REPLIES.notBound : ['Alerts of this chat:', ...rules.map(ruleLine)].join('\n'));
      }
      case 'stop': {
        const subscriptionId = await this.repository.boundSubscription(chatId);
        if (!subscriptionId) return this.reply(chatId, TELEGRAM_REPLIES.notBound);
        await this.log.append(
          createEvent('telegram.chat-unbound', { subscriptionId, chatId, reason: 'stopped' }, { actor: VISITOR, now: new Date(atMs), id: eventId('telegram.chat-unbound') }),
        );
        await this.caughtUp();
        return this.reply(chatId, TELEGRAM_REPLIES.stopped);
      }
      default:
        // Groups talk among themselves: only a private chat is answered for anything else.
        if (message.chat.type === 'private') return this.reply(chatId, TELEGRAM_REPLIES.help);
    }
  }

  private async reply(chatId: number, text: string): Promise<void> {
    const result = await this.sender.sendTelegramMessage(chatId, text);
    if (result.outcome !== 'sent') this.logger.warn(`reply not sent: ${result.outcome} ${result.status ?? ''}`);
  }

  /** Runs `task` until it succeeds, or the poller stops (null). */
  private async untilStopped<T>(task: () => Promise<T>): Promise<T | null> {
    while (!this.signal.stopped) {
      try {
        return await task();
      } catch (error) {
        await this.afterError('start', error);
      }
    }
    return null;
  }

  private async afterError(what: string, error: unknown): Promise<void> {
    const waitMs = error instanceof TelegramApiError && error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1_000 : RETRY_WAIT_MS;
    // describeError of a TelegramApiError names the method and Telegram's answer, never the token.
    this.logger.warn(`${what} failed, trying again in ${waitMs} ms: ${describeError(error)}`);
    await this.signal.wait(waitMs);
  }
}
