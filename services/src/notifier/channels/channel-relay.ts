import { Logger } from '@nestjs/common';
import { channelSubject } from '@xsd/contracts';
import { CHANNEL_MAX_ATTEMPTS, CHANNEL_RETRY_WINDOW_MS } from '@xsd/contracts/api/admin-channels';
import { type BackoffPolicy, backoffDelay } from '@xsd/contracts/rules/backoff';
import type { Kysely } from 'kysely';
import { DecideChannel } from '../../channels/channel.commands.js';
import { type ChannelCommand, channelDecider, type ChannelDomainEvent, type ChannelState } from '../../channels/channel.decider.js';
import { CheckpointsRepository } from '../../core/checkpoints.repository.js';
import type { Clock } from '../../core/clock.js';
import type { DB } from '../../database/schema.js';
import { describeError, StopSignal } from '../../event-log/batch-delivery.js';
import type { EventLog, StoredEvent, Subscription } from '../../event-log/event-log.js';
import { AggregateHandler } from '../../event-sourcing/aggregate-handler.js';
import type { LeadershipRole, LeadingConsumer, ProjectorLeadership } from '../../projector/projector-leadership.js';
import { ProjectionGapError } from '../../projector/projector.js';
import type { ChannelDeliveriesRepository, DueChannelDelivery, NewChannelDelivery } from '../../read-models/channels/channel-deliveries.repository.js';
import { channelDeliveryId } from '../trigger-ids.js';
import { NOTIFIER_ACTOR } from '../trigger-outbox.js';
import { CHANNEL_SOURCE_EVENT_TYPES, channelMessages } from './channel-messages.js';
import type { ChannelMessage, ChannelTransports, DeliveryOutcome } from './channel-transport.js';

/** The durable consumer, and its checkpoint row in projection_checkpoints. */
export const CHANNEL_RELAY_CONSUMER = 'channel-relay';
/** One relay leads per database (advisory lock 3; projector 1, notifier 2). */
export const CHANNEL_RELAY_ROLE: LeadershipRole = { lockId: 3, name: 'channel-relay' };

/**
 * Waits between tries of one delivery: 1 min, 8 min, 64 min; the fifth and last try is 24 h after
 * the first (CHANNEL_RETRY_WINDOW_MS), and its failure pauses the channel.
 */
export const CHANNEL_RETRY_BACKOFF: BackoffPolicy = { baseMs: 60_000, maxMs: CHANNEL_RETRY_WINDOW_MS, factor: 8 };

/** Finished deliveries are kept this long, then forgotten; checked once an hour. */
export const CHANNEL_DELIVERIES_KEPT_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

export interface ChannelRelayOptions {
  readonly leadership?: ProjectorLeadership;
  /** Tries in flight at once. Default 32. */
  readonly concurrency?: number;
  /** Longest wait before looking for due retries. Default 1 s. */
  readonly pollMs?: number;
  /** The site's public origin (XSD_PUBLIC_URL), for the messages' links; none: messages carry no link. */
  readonly siteUrl?: string | null;
}

/** When the next try is due after `attempts` failed ones, or null when that was the last. */
export function nextAttemptAt(createdAt: Date, attempts: number, now: Date): Date | null {
  if (attempts >= CHANNEL_MAX_ATTEMPTS) return null;
  if (attempts === CHANNEL_MAX_ATTEMPTS - 1) return new Date(createdAt.getTime() + CHANNEL_RETRY_WINDOW_MS);
  return new Date(now.getTime() + backoffDelay(attempts - 1, CHANNEL_RETRY_BACKOFF));
}

/**
 * The notifier's community-channel work: follows the log, turns breaking news, maintenance and peg
 * changes into one delivery row per subscribed channel (a deterministic id, in the same transaction
 * as its checkpoint: the outbox, so a restart neither loses nor doubles one), and tries each until
 * delivered, retrying with back-off (CHANNEL_MAX_ATTEMPTS over 24 h). A delivery that fails its last
 * try pauses its channel (an event, with the error as the reason).
 *
 * Once only, as far as HTTP allows: a delivery is marked right after its answer; a process killed
 * between the receiver's answer and the mark sends it again after the restart with the same
 * `webhook-id`, which Standard Webhooks receivers use to drop the repeat.
 */
export class ChannelRelay implements LeadingConsumer {
  private readonly logger = new Logger('ChannelRelay');
  private readonly checkpoints: CheckpointsRepository;
  private readonly channels: AggregateHandler<ChannelCommand, ChannelDomainEvent, ChannelState>;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private subscription: Subscription | null = null;
  private signal = new StopSignal();
  private loop: Promise<void> | null = null;
  private readonly taken = new Set<string>();
  private inFlight = 0;
  private idle: (() => void) | null = null;
  private stopped = false;
  private leading = false;
  private prunedAt = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: EventLog,
    private readonly deliveries: ChannelDeliveriesRepository,
    private readonly transports: ChannelTransports,
    private readonly clock: Clock,
    private readonly options: ChannelRelayOptions = {},
  ) {
    this.checkpoints = new CheckpointsRepository({ db });
    this.channels = new AggregateHandler({ decider: channelDecider }, log, clock, null);
    this.concurrency = Math.max(1, options.concurrency ?? 32);
    this.pollMs = Math.max(10, options.pollMs ?? 1_000);
  }

  /** The election it runs when it has one (LeadingConsumer): lost, it stops and stands by again. */
  get leadership(): ProjectorLeadership | undefined {
    return this.options.leadership;
  }

  get stopping(): boolean {
    return this.stopped;
  }

  get running(): boolean {
    return this.loop !== null;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.options.leadership?.acquire();
    this.leading = true;
    if (this.stopped) return this.resign();
    await this.checkpoints.ensure(this.db, CHANNEL_RELAY_CONSUMER);
    const from = await this.checkpoints.get(CHANNEL_RELAY_CONSUMER);
    const subscription = await this.log.subscribe(CHANNEL_RELAY_CONSUMER, { fromSequence: from + 1, maxBatch: 500 }, (batch) => this.handle(batch));
    if (this.stopped) {
      await subscription.stop();
      return this.resign();
    }
    this.subscription = subscription;
    this.signal = new StopSignal();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    this.signal.stop();
    await this.loop;
    this.loop = null;
    if (this.inFlight > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    this.idle = null;
    await this.resign();
  }

  /** Resolves once the relay's checkpoint has reached `sequence` (tests). */
  async reached(sequence: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await this.checkpoints.get(CHANNEL_RELAY_CONSUMER)) < sequence) {
      if (Date.now() > deadline) throw new Error(`channel relay did not reach ${sequence}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Look for due deliveries now (tests move the clock, then call this). */
  wake(): void {
    this.signal.wake();
  }

  private async handle(batch: readonly StoredEvent[]): Promise<void> {
    if (batch.length === 0) return;
    let decided = 0;
    await this.db.transaction().execute(async (trx) => {
      const checkpoint = await this.checkpoints.lock(trx, CHANNEL_RELAY_CONSUMER);
      const fresh = batch.filter((stored) => stored.sequence > checkpoint);
      if (fresh.length === 0) return;
      if (fresh[0].sequence !== checkpoint + 1) throw new ProjectionGapError(CHANNEL_RELAY_CONSUMER, checkpoint, fresh[0].sequence);
      for (const { event } of fresh) {
        if (!CHANNEL_SOURCE_EVENT_TYPES.has(event.type)) continue;
        const rows: NewChannelDelivery[] = [];
        for (const { key, message } of await channelMessages(trx, this.deliveries, event, this.options.siteUrl ?? null)) {
          for (const channel of await this.deliveries.subscribed(trx, message.event)) {
            rows.push({
              deliveryId: channelDeliveryId(channel.id, key),
              channelId: channel.id,
              sourceId: event.id,
              event: message.event,
              message: { ...message },
              createdAt: event.occurredAt,
            });
          }
        }
        await this.deliveries.insert(trx, rows);
        decided += rows.length;
      }
      await this.checkpoints.set(trx, CHANNEL_RELAY_CONSUMER, fresh[fresh.length - 1].sequence);
    });
    if (decided > 0) this.signal.wake();
  }

  private async run(): Promise<void> {
    while (!this.signal.stopped) {
      let due: DueChannelDelivery[] = [];
      try {
        const nowMs = this.clock().getTime();
        if (nowMs - this.prunedAt >= PRUNE_EVERY_MS) {
          this.prunedAt = nowMs;
          await this.deliveries.forgetFinished(new Date(nowMs - CHANNEL_DELIVERIES_KEPT_MS));
        }
        due = await this.deliveries.due(this.clock(), this.concurrency - this.inFlight, this.taken);
      } catch (error) {
        this.logger.error(`could not read due deliveries: ${describeError(error)}`);
      }
      for (const delivery of due) {
        this.taken.add(delivery.delivery_id);
        this.inFlight += 1;
        void this.attempt(delivery).finally(() => {
          this.taken.delete(delivery.delivery_id);
          this.inFlight -= 1;
          if (this.inFlight === 0) this.idle?.();
          this.signal.wake();
        });
      }
      // A full round: there may be more due at once.
      if (due.length === 0 || this.inFlight >= this.concurrency) await this.signal.wait(this.pollMs);
    }
  }

  private async attempt(delivery: DueChannelDelivery): Promise<void> {
    try {
      const now = this.clock();
      const { channel } = delivery;
      if (channel === null || channel.paused) {
        const reason = channel === null ? 'Channel deleted' : 'Channel paused';
        await this.deliveries.recordTry(delivery.delivery_id, { status: 'skipped', attempts: delivery.attempts, lastStatus: null, error: reason, nextAttemptAt: null }, now);
        return;
      }
      const transport = this.transports[channel.kind];
      const outcome: DeliveryOutcome = transport
        ? await transport.deliver(channel, { id: delivery.delivery_id, message: delivery.message as unknown as ChannelMessage }, now)
        : { ok: false, status: null, error: `No ${channel.kind} transport is configured` };
      const attempts = delivery.attempts + 1;
      const after = this.clock();
      if (outcome.ok) {
        await this.deliveries.recordTry(delivery.delivery_id, { status: 'delivered', attempts, lastStatus: outcome.status, error: null, nextAttemptAt: null }, after);
        return;
      }
      const next = nextAttemptAt(delivery.created_at, attempts, after);
      await this.deliveries.recordTry(
        delivery.delivery_id,
        { status: next ? 'pending' : 'failed', attempts, lastStatus: outcome.status, error: outcome.error, nextAttemptAt: next },
        after,
      );
      if (!next) await this.pause(channel.id, `Failing for 24 h: ${outcome.error ?? 'no answer'}`, after);
    } catch (error) {
      // Left pending: tried again at the next round.
      this.logger.error(`delivery ${delivery.delivery_id} could not be tried: ${describeError(error)}`);
    }
  }

  private async pause(channelId: string, reason: string, now: Date): Promise<void> {
    await this.channels.execute(
      new DecideChannel(channelSubject(channelId), NOTIFIER_ACTOR, { type: 'PauseFailingChannel', data: { channelId, reason } }, false),
    );
    await this.deliveries.skipPending(channelId, 'Channel paused', now);
  }

  private async resign(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    await this.options.leadership?.release().catch((error: unknown) => this.logger.warn(`could not release leadership: ${describeError(error)}`));
  }
}
