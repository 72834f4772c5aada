import { Logger } from '@nestjs/common';
import type { PushDeliveryItem } from '@xsd/contracts/events/push-events';
import type { Clock } from '../core/clock.js';
import { describeError, StopSignal } from '../event-log/batch-delivery.js';
import type { PushDeliveryRecords } from '../push/sender/push-delivery-records.js';
import type { DeliveryResult } from '../push/sender/web-push-sender.js';
import { channelOf, type DecidedTrigger, type NotifierStateRepository, type SendableTrigger } from '../read-models/push/notifier-state.repository.js';
import type { DeliveryChannel } from './delivery-channels.js';
import { NOTIFIER_ACTOR } from './trigger-outbox.js';

export interface PushDispatcherOptions {
  /** Pushes in flight at once. Default 200. */
  readonly concurrency?: number;
  /** Longest wait before finished pushes are recorded. Default 20 ms. */
  readonly recordDelayMs?: number;
  /** Most deliveries per `push.deliveries-recorded` event. Default 500. */
  readonly recordBatch?: number;
}

interface Finished {
  readonly trigger: SendableTrigger;
  readonly result: DeliveryResult;
}

const IDLE_WAIT_MS = 5_000;
/** Tries to record outcomes once stopping, before leaving them to the next leader. */
const STOPPING_RECORD_ATTEMPTS = 3;
/** Sendable triggers read from the database at once (after a restart, or a trigger appended by another leader). */
const FETCH_PAGE = 1_000;
const RETRY_WAIT_MS = 1_000;

/**
 * Sends the appended triggers of one channel (web push, or Telegram) that have no outcome yet and
 * records each outcome in the log.
 *
 * Once only, as far as it can be: a trigger is sent only after its `push.alerts-triggered` event is
 * in the log, and is sent again (after a restart) only while no `push.deliveries-recorded` holds
 * its outcome. Each finished push is recorded within `recordDelayMs` (in events of up to
 * `recordBatch`), and this process never takes up a trigger again until its outcome is recorded.
 *
 * What remains is the at-least-once window every push sender has, stated plainly: from the moment
 * a push's request has reached the push service (which may then deliver it, answered or not) until
 * its outcome is in the log (the rest of the round trip, at most `recordDelayMs`, one append). A
 * process killed inside that window has its push sent again by the next leader. A kill before the
 * request is complete, or while the push service still holds it unaccepted, sends nothing twice.
 * The end-to-end test kills the notifier while the push receiver holds requests it never accepts.
 */
export class PushDispatcher {
  private readonly logger = new Logger('Notifier');
  private readonly concurrency: number;
  private readonly recordDelayMs: number;
  private readonly recordBatch: number;
  /** Trigger ids queued, being sent, or not yet recorded: never fetched again meanwhile. */
  private readonly taken = new Set<string>();
  /** Taken, waiting for a place among the pushes in flight, oldest first. */
  private readonly queue: SendableTrigger[] = [];
  /** The database may hold sendable triggers not taken yet. */
  private fresh = true;
  private inFlight = 0;
  private finished: Finished[] = [];
  private recordTimer: NodeJS.Timeout | null = null;
  private recording: Promise<void> = Promise.resolve();
  private signal = new StopSignal();
  private loop: Promise<void> | null = null;
  private idle: (() => void) | null = null;

  constructor(
    private readonly state: NotifierStateRepository,
    private readonly channel: DeliveryChannel,
    private readonly records: Pick<PushDeliveryRecords, 'record'>,
    private readonly clock: Clock,
    options: PushDispatcherOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? 200);
    this.recordDelayMs = Math.max(0, options.recordDelayMs ?? 20);
    this.recordBatch = Math.max(1, options.recordBatch ?? 500);
  }

  start(): void {
    if (this.loop) return;
    this.signal = new StopSignal();
    this.fresh = true;
    this.loop = this.run();
  }

  /** There may be new triggers to send in the database. */
  wake(): void {
    this.fresh = true;
    this.signal.wake();
  }

  /**
   * Triggers just decided and appended, with their subscriptions' targets: those of this channel are
   * queued for sending at once, without reading them back. Those already taken (from the database)
   * are left alone.
   */
  offer(triggers: readonly DecidedTrigger[]): void {
    for (const trigger of triggers) {
      if (!trigger.target || channelOf(trigger.target) !== this.channel.kind || this.taken.has(trigger.triggerId)) continue;
      this.taken.add(trigger.triggerId);
      this.queue.push({
        trigger_id: trigger.triggerId,
        subscription_id: trigger.subscriptionId,
        kind: trigger.kind,
        alert_id: trigger.alertId,
        payload: trigger.payload,
        urgency: trigger.urgency,
        expires_at: new Date(trigger.expiresAt ?? Date.parse(trigger.triggeredAt) + 3_600_000),
        endpoint: trigger.target.endpoint,
        p256dh: trigger.target.p256dh,
        auth: trigger.target.auth,
        telegram_chat_id: trigger.target.telegram_chat_id,
      });
    }
    this.signal.wake();
  }

  /**
   * Stops taking triggers, waits up to `graceMs` for the pushes in flight, and records every
   * outcome it has. A push still unanswered after the grace, or still queued, is sent by the next leader.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.signal.stop();
    await this.loop;
    this.loop = null;
    for (const trigger of this.queue.splice(0)) this.taken.delete(trigger.trigger_id);
    if (this.inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => (this.idle = resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
      this.idle = null;
    }
    await this.flushRecords();
  }

  private async run(): Promise<void> {
    while (!this.signal.stopped) {
      // Read more from the database only when told there may be some, and never more than can be used soon.
      if (this.fresh && this.queue.length < this.concurrency) {
        this.fresh = false;
        try {
          const page = await this.state.sendable(this.channel.kind, FETCH_PAGE, this.taken);
          for (const trigger of page) {
            this.taken.add(trigger.trigger_id);
            this.queue.push(trigger);
          }
          // A full page: there may be more behind it.
          if (page.length === FETCH_PAGE) this.fresh = true;
        } catch (error) {
          this.fresh = true;
          this.logger.error(`could not read the triggers to send: ${describeError(error)}`);
          await this.signal.wait(RETRY_WAIT_MS);
          continue;
        }
      }
      while (this.inFlight < this.concurrency && this.queue.length > 0) {
        this.inFlight += 1;
        void this.deliver(this.queue.shift()!);
      }
      if (this.queue.length === 0 || this.inFlight >= this.concurrency) await this.signal.wait(IDLE_WAIT_MS);
    }
  }

  private async deliver(trigger: SendableTrigger): Promise<void> {
    let result: DeliveryResult;
    try {
      result = await this.push(trigger);
    } catch (error) {
      // The sender never throws for a push; anything else is this process's fault: record it failed.
      this.logger.error(`push of trigger ${trigger.trigger_id} failed: ${describeError(error)}`);
      result = { outcome: 'failed', status: null, attempts: 0 };
    }
    this.inFlight -= 1;
    this.finished.push({ trigger, result });
    if (this.finished.length >= this.recordBatch) void this.flushRecords();
    else this.recordTimer ??= setTimeout(() => void this.flushRecords(), this.recordDelayMs);
    if (this.inFlight === 0) this.idle?.();
    this.signal.wake();
  }

  private push(trigger: SendableTrigger): Promise<DeliveryResult> {
    // Removed (the visitor turned push off, the chat unbound, or an earlier message found it gone): nothing to send to.
    if (!this.channel.reachable(trigger)) return Promise.resolve({ outcome: 'pruned', status: null, attempts: 0 });
    const ttlSeconds = Math.floor((trigger.expires_at.getTime() - this.clock().getTime()) / 1000);
    // Not worth delivering any more (the notifier was down past the alert's life, or the event began).
    if (ttlSeconds <= 0) return Promise.resolve({ outcome: 'failed', status: null, attempts: 0 });
    return this.channel.send(trigger, ttlSeconds);
  }

  /** Records what finished so far, one flush at a time, retrying until the log takes it. */
  private flushRecords(): Promise<void> {
    if (this.recordTimer) clearTimeout(this.recordTimer);
    this.recordTimer = null;
    this.recording = this.recording.then(async () => {
      while (this.finished.length > 0) {
        const batch = this.finished.splice(0, this.recordBatch);
        await this.recordUntilDone(batch);
        for (const { trigger } of batch) this.taken.delete(trigger.trigger_id);
      }
    });
    return this.recording;
  }

  private async recordUntilDone(batch: readonly Finished[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.record(batch, this.clock());
        return;
      } catch (error) {
        // Stopping: give up after a few tries rather than hold the shutdown; the next leader
        // sends these again (their outcomes are not in the log), the at-least-once case.
        if (this.signal.stopped && attempt >= STOPPING_RECORD_ATTEMPTS) {
          this.logger.error(`gave up recording ${batch.length} deliveries while stopping: ${describeError(error)}`);
          return;
        }
        // Kept in `taken` meanwhile, so none of them is sent again by this process.
        this.logger.error(`could not record ${batch.length} deliveries (attempt ${attempt}), retrying: ${describeError(error)}`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_WAIT_MS));
      }
    }
  }

  private async record(batch: readonly Finished[], now: Date): Promise<void> {
    const deliveries: PushDeliveryItem[] = batch.map(({ trigger, result }) => ({
      triggerId: trigger.trigger_id,
      subscriptionId: trigger.subscription_id,
      outcome: result.outcome,
      status: result.status,
      attempts: result.attempts,
    }));
    await this.records.record(deliveries, NOTIFIER_ACTOR);
    await this.state.recordOutcomes(null, deliveries, now.toISOString());
    // Web push 404 / 410 or an endpoint the outbound policy refuses, Telegram 403: the target is
    // gone; so says the log. (A target pruned as unreachable was removed already.)
    const gone = new Map<string, SendableTrigger>();
    for (const { trigger, result } of batch) {
      if (result.outcome === 'pruned' && this.channel.reachable(trigger)) gone.set(trigger.subscription_id, trigger);
    }
    if (gone.size > 0) await this.channel.removeGone([...gone.values()]);
  }
}
