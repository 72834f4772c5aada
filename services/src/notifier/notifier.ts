import { Logger } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock.js';
import type { DB } from '../database/schema.js';
import { describeError } from '../event-log/batch-delivery.js';
import type { Metrics } from '../metrics/metrics.js';
import type { EventLog, StoredEvent, Subscription } from '../event-log/event-log.js';
import { CheckpointsRepository } from '../core/checkpoints.repository.js';
import { ProjectionGapError } from '../projector/projector.js';
import type { PushDeliveryRecords } from '../push/sender/push-delivery-records.js';
import type { LeadershipRole, ProjectorLeadership } from '../projector/projector-leadership.js';
import { decideReminders, foldEvent, NOTIFIER_EVENT_TYPES } from './alert-fold.js';
import type { DecidedTrigger } from '../read-models/push/notifier-state.repository.js';
import { NotifierStateRepository } from '../read-models/push/notifier-state.repository.js';
import { NotifierTelegramRepository } from '../read-models/push/notifier-telegram.repository.js';
import { BOT_API_LIMITS } from '../telegram/telegram-pacer.js';
import type { TelegramSender } from '../telegram/telegram-sender.js';
import { type PushSending, TelegramChannel, WebPushChannel } from './delivery-channels.js';
import { PushDispatcher, type PushDispatcherOptions } from './push-dispatcher.js';
import { TelegramUpdates } from './telegram-updates.js';
import { TriggerOutbox } from './trigger-outbox.js';

/** The durable consumer, and the checkpoint row in projection_checkpoints. */
export const NOTIFIER_CONSUMER = 'notifier';
/** One notifier leads per database (advisory lock 2; the projectors hold 1). */
export const NOTIFIER_ROLE: LeadershipRole = { lockId: 2, name: 'notifier' };
/** Triggers whose outcome is recorded are forgotten after this (the log keeps them). */
const DELIVERED_KEPT_MS = 2 * 24 * 60 * 60_000;

export interface NotifierOptions extends PushDispatcherOptions {
  /** Keeps a second notifier on the same database on standby; none means this one always leads. */
  readonly leadership?: ProjectorLeadership;
  /** Most events per checkpoint transaction. Default 500. */
  readonly maxBatch?: number;
  /** With XSD_TELEGRAM_BOT_TOKEN: bound chats get their alerts, and the bot's updates are received. */
  readonly telegram?: TelegramSender;
}

/**
 * The notifier: follows the log, evaluates every registered rule on each price and silver event
 * and the calendar reminders on a schedule, and sends web push and, with a Telegram bot, messages to
 * the chats bound to rules (one PushDispatcher per channel, the same outbox and outcomes), whose
 * commands it also receives (TelegramUpdates).
 *
 * Exactly one notifier works per database (a leader, like the projector; standbys wait), and its
 * work is idempotent besides:
 * 1. The rules' state (subscriptions, rules, re-arm and last firing, pending triggers) is folded
 *    from the log in one transaction with the checkpoint; each event is judged at its own time, so
 *    a redelivered batch decides the same triggers with the same ids.
 * 2. Decided triggers wait in an outbox row until their `push.alerts-triggered` event (a
 *    deterministic id) is in the log; only then may they be sent.
 * 3. Each outcome goes to the log as `push.deliveries-recorded` right after the push (see
 *    PushDispatcher for the remaining window); a restart first catches up with the log, so a
 *    trigger whose outcome is recorded is never sent again.
 */
export class Notifier {
  private readonly logger = new Logger('Notifier');
  private readonly checkpoints: CheckpointsRepository;
  private readonly outbox: TriggerOutbox;
  private readonly telegramState: NotifierTelegramRepository;
  /** One per channel: web push, and Telegram when it is set up. */
  private readonly dispatchers: PushDispatcher[];
  private readonly telegramUpdates: TelegramUpdates | null;
  private subscription: Subscription | null = null;
  private leading = false;
  private stopped = false;
  /** Set once caught up with the log as it was at start: only then are triggers sent and reminders judged. */
  private ready = false;
  /** An append failed after its transaction committed: flush the outbox before the next batch. */
  private outboxDirty = true;
  private position = 0;
  private readonly positionWaiters = new Set<{ sequence: number; resolve: () => void }>();
  private reminding: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: EventLog,
    private readonly state: NotifierStateRepository,
    sender: PushSending,
    records: Pick<PushDeliveryRecords, 'record' | 'removeExpired'>,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    private readonly options: NotifierOptions = {},
  ) {
    this.checkpoints = new CheckpointsRepository({ db });
    this.outbox = new TriggerOutbox(log, this.state);
    this.telegramState = new NotifierTelegramRepository({ db });
    this.dispatchers = [new PushDispatcher(this.state, new WebPushChannel(sender, records), records, clock, options)];
    this.telegramUpdates = null;
    if (options.telegram) {
      // Two seconds of the pace in flight at most: a stop's grace (10 s) sees every taken message answered and recorded.
      const concurrency = 2 * BOT_API_LIMITS.perSecond;
      this.dispatchers.push(new PushDispatcher(this.state, new TelegramChannel(options.telegram, log, clock), records, clock, { ...options, concurrency }));
      this.telegramUpdates = new TelegramUpdates(options.telegram, this.telegramState, log, clock, async () => this.reached(await this.log.lastSequence()));
    }
    metrics.addCollector(() => this.collectOutboxSize());
  }

  /**
   * The outbox as the metric counts it: triggers decided and not yet sent (waiting to be appended,
   * or appended and without an outcome). The leader's to send, so a standby counts none.
   */
  private async collectOutboxSize(): Promise<void> {
    if (!this.leading || this.stopped) return this.metrics.notifierOutboxSize.set(0);
    const { unappended, pending } = await this.state.triggerCounts();
    this.metrics.notifierOutboxSize.set(unappended + pending);
  }

  /** The election it runs when it has one (LeadingConsumer): lost, it stops and stands by again. */
  get leadership(): ProjectorLeadership | undefined {
    return this.options.leadership;
  }

  /** True once stop() was asked for, so a start still in progress can wind down quietly. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Leading, caught up, sending. */
  get running(): boolean {
    return this.ready;
  }

  /** The last sequence folded into the state. */
  get checkpoint(): number {
    return this.position;
  }

  /**
   * Waits to lead (another notifier on the same database may), appends what a crash left in the
   * outbox, follows the log, and starts sending once caught up with it. A standby resolves only
   * when it takes over.
   */
  async start(): Promise<void> {
    this.stopped = false;
    await this.options.leadership?.acquire();
    this.leading = true;
    if (this.stopped) return this.resign();
    await this.checkpoints.ensure(this.db, NOTIFIER_CONSUMER);
    this.position = await this.checkpoints.get(NOTIFIER_CONSUMER);
    await this.flushOutbox();
    const head = await this.log.lastSequence();
    const subscription = await this.log.subscribe(
      NOTIFIER_CONSUMER,
      { fromSequence: this.position + 1, maxBatch: this.options.maxBatch ?? 500 },
      (batch) => this.handle(batch),
    );
    if (this.stopped) {
      await subscription.stop();
      return this.resign();
    }
    this.subscription = subscription;
    // Outcomes recorded by a previous leader may still be ahead in the log: fold them first, so no
    // trigger whose delivery is recorded is taken for one still to send.
    await this.reached(head);
    if (this.stopped) return;
    this.ready = true;
    for (const dispatcher of this.dispatchers) dispatcher.start();
    this.telegramUpdates?.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.ready = false;
    for (const waiter of this.positionWaiters) waiter.resolve();
    this.positionWaiters.clear();
    await this.telegramUpdates?.stop();
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    await this.reminding.catch(() => undefined);
    await Promise.all(this.dispatchers.map((dispatcher) => dispatcher.stop()));
    await this.resign();
  }

  /**
   * One reminder pass at the clock's now: every due calendar reminder is decided, appended and
   * handed to the sender. Passes of one process run one after another; only the leader runs them.
   */
  remind(): Promise<number> {
    const run = this.reminding.then(() => this.remindNow());
    this.reminding = run.catch(() => undefined);
    return run;
  }

  /** Resolves once the state has folded the log up to `sequence` (or the notifier stops). */
  reached(sequence: number): Promise<void> {
    if (this.position >= sequence || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.positionWaiters.add({ sequence, resolve }));
  }

  private async remindNow(): Promise<number> {
    if (!this.ready) return 0;
    const nowMs = this.clock().getTime();
    const decided = await this.db.transaction().execute(async (trx) => {
      // Under the checkpoint's lock: a pass and a batch never judge the same rules at once.
      await this.checkpoints.lock(trx, NOTIFIER_CONSUMER);
      const { triggers, evaluated } = await decideReminders(trx, this.state, nowMs);
      await this.state.insertTriggers(trx, triggers, false);
      return { triggers, evaluated };
    });
    this.metrics.notifierRulesEvaluated.inc(decided.evaluated);
    await this.appendDecided(decided.triggers);
    await this.state.forgetDelivered(new Date(nowMs - DELIVERED_KEPT_MS));
    return decided.triggers.length;
  }

  private async handle(batch: readonly StoredEvent[]): Promise<void> {
    if (batch.length === 0) return;
    if (this.outboxDirty) await this.flushOutbox();
    const decided: DecidedTrigger[] = [];
    let sendable = 0;
    let evaluated = 0;
    const reached = await this.db.transaction().execute(async (trx) => {
      const checkpoint = await this.checkpoints.lock(trx, NOTIFIER_CONSUMER);
      const fresh = batch.filter((stored) => stored.sequence > checkpoint);
      if (fresh.length === 0) return checkpoint;
      if (fresh[0].sequence !== checkpoint + 1) throw new ProjectionGapError(NOTIFIER_CONSUMER, checkpoint, fresh[0].sequence);
      for (const { event } of fresh) {
        if (!NOTIFIER_EVENT_TYPES.has(event.type)) continue;
        const result = await foldEvent(trx, this.state, this.telegramState, event);
        decided.push(...result.decided);
        sendable += result.sendable;
        evaluated += result.evaluated;
      }
      await this.state.insertTriggers(trx, decided, false);
      const last = fresh[fresh.length - 1].sequence;
      await this.checkpoints.set(trx, NOTIFIER_CONSUMER, last);
      return last;
    });
    // Counted once committed: a batch rolled back and delivered again is judged once.
    this.metrics.notifierRulesEvaluated.inc(evaluated);
    this.advanced(reached);
    await this.appendDecided(decided);
    // Triggers another leader appended (and never sent) are this one's to send now.
    if (sendable > 0 && this.ready) this.wakeDispatchers();
  }

  /** Decided triggers into the log, then to the sender. A failure leaves them in the outbox for the next try. */
  private async appendDecided(decided: readonly DecidedTrigger[]): Promise<void> {
    if (decided.length === 0) return;
    try {
      // Sent from memory as soon as their events are stored (before their rows are even marked).
      await this.outbox.append(decided, (inLog) => {
        if (this.ready) for (const dispatcher of this.dispatchers) dispatcher.offer(inLog);
      });
    } catch (error) {
      this.outboxDirty = true;
      throw error;
    }
  }

  private async flushOutbox(): Promise<void> {
    const flushed = await this.outbox.flush();
    this.outboxDirty = false;
    if (flushed > 0) {
      this.logger.log(`appended ${flushed} trigger(s) left in the outbox`);
      if (this.ready) this.wakeDispatchers();
    }
  }

  private wakeDispatchers(): void {
    for (const dispatcher of this.dispatchers) dispatcher.wake();
  }

  private advanced(sequence: number): void {
    this.position = Math.max(this.position, sequence);
    for (const waiter of [...this.positionWaiters]) {
      if (waiter.sequence <= this.position) {
        this.positionWaiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  private async resign(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    await this.options.leadership?.release().catch((error: unknown) => this.logger.warn(`could not release leadership: ${describeError(error)}`));
  }
}
