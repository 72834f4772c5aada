import { setTimeout as delay } from 'node:timers/promises';
import { type AnyEvent, parseEvent } from '@xsd/contracts';
import { connect, type JetStreamClient, type JetStreamManager, type NatsConnection, type OrderedConsumerOptions } from 'nats';
import { type DeliveryOptions, type DeliveryPolicy, deliveryPolicy, describeError } from '../batch-delivery.js';
import {
  type AppendOptions,
  type AppendResult,
  assertSequence,
  type BatchHandler,
  checkAppend,
  checkSubscription,
  ConcurrencyError,
  type EventLog,
  type EventLogInfo,
  EventLogUnavailableError,
  LazyScannedEvent,
  type ScannedEvent,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-log.js';
import { createOrBindRacing } from './creation-race.js';
import { JetStreamSubscription, toStored } from './jetstream-subscription.js';
import { isTransientPublishError, Publisher, PublishRejectedError } from './publisher.js';
import { ensureStream, isTransientApiError, JS_ERROR, jsErrorCode, placeConsumer } from './stream-setup.js';

export interface JetStreamEventLogOptions extends DeliveryOptions {
  /** NATS server URL(s), e.g. `nats://127.0.0.1:4222` (`NATS_URL`). */
  readonly servers: string | string[];
  /** Default 'XSD_EVENTS'. */
  readonly stream?: string;
  /**
   * Put before every event subject: the NATS subject of an event is `subjectPrefix + subject`,
   * and the stream holds `${subjectPrefix}xsd.>`. Default ''. Tests and benchmarks use their own
   * prefix, because two streams cannot hold overlapping subjects on one server.
   */
  readonly subjectPrefix?: string;
  /**
   * Copies of the stream kept on different servers of a cluster (`XSD_STREAM_REPLICAS`, 1 to 5), for
   * the stream and for durable and ephemeral consumers alike. An existing stream with fewer is raised
   * to this many. Default 1.
   */
  readonly replicas?: number;
  /** Deduplication window of the stream when this log creates it. Default 2 minutes. */
  readonly duplicateWindowMs?: number;
  /** Publishes `appendMany` keeps in flight at once. Default 4,096. */
  readonly maxInFlight?: number;
  /** How long the server waits for an ack before redelivering; held messages are kept alive. Default 30 s. */
  readonly ackWaitMs?: number;
  /** How long one publish waits for JetStream's answer. Default 5 s. */
  readonly publishTimeoutMs?: number;
  /**
   * How long an append, a subscribe or the stream set-up keeps trying again after a transient
   * failure (no leader during an election, no answer, a dropped connection) before it rejects. Kept
   * under half the duplicate window, so a publish retried after it was stored is still recognised
   * as a duplicate. Default 30 s.
   */
  readonly transientRetryMs?: number;
  /** Connection name shown by the server's monitoring. */
  readonly connectionName?: string;
}

const DEFAULT_STREAM = 'XSD_EVENTS';
/** First wait before publishing again after a transient failure; it doubles up to the maximum. */
const RETRY_FIRST_MS = 50;
const RETRY_MAX_MS = 1_000;
const encoder = new TextEncoder();

/**
 * The production event log: one JetStream stream (file storage) on `${subjectPrefix}xsd.>`.
 *
 * - The event id is the `Nats-Msg-Id`, so a second publish of the same event inside the stream's
 *   duplicate window (2 minutes by default) answers the first copy's sequence with
 *   `duplicate: true`. Beyond the window, duplicates are kept out by deterministic ids (replicas
 *   of the ingestor derive the same id for the same tick) together with projections that skip
 *   events at or below their checkpoint and rows keyed by event id.
 * - Optimistic concurrency is `Nats-Expected-Last-Subject-Sequence` (the server checks dedupe
 *   first, so retrying an append that went through answers "duplicate", not a conflict).
 * - Durable consumers are pull consumers with cumulative acks (one per batch); see `subscribe`.
 * - Replicated (`replicas`): the stream and its consumers live on that many servers, and an append
 *   that meets a leader election is published again with the same id until it is stored once.
 */
export class JetStreamEventLog implements EventLog {
  readonly adapter = 'jetstream' as const;
  readonly stream: string;
  readonly subjectPrefix: string;
  private readonly policy: DeliveryPolicy;
  private readonly maxInFlight: number;
  private readonly ackWaitMs: number;
  private readonly duplicateWindowMs: number;
  private readonly transientRetryMs: number;
  readonly replicas: number;
  private closed = false;
  private readonly subscriptions = new Set<JetStreamSubscription>();
  private readonly publisher: Publisher;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    options: JetStreamEventLogOptions,
  ) {
    this.stream = options.stream ?? DEFAULT_STREAM;
    this.subjectPrefix = options.subjectPrefix ?? '';
    this.policy = deliveryPolicy(options);
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 4_096);
    this.ackWaitMs = Math.max(1_000, options.ackWaitMs ?? 30_000);
    this.duplicateWindowMs = options.duplicateWindowMs ?? 120_000;
    this.transientRetryMs = Math.min(options.transientRetryMs ?? 30_000, this.duplicateWindowMs / 2);
    this.replicas = options.replicas ?? 1;
    assertSequence(this.replicas, 'replicas', 1);
    this.publisher = new Publisher(nc, options.publishTimeoutMs ?? 5_000);
  }

  /** Connects, and creates the stream when it does not exist yet. */
  static async connect(options: JetStreamEventLogOptions): Promise<JetStreamEventLog> {
    let nc: NatsConnection;
    try {
      nc = await connect({
        servers: options.servers,
        name: options.connectionName ?? 'silverboard',
        maxReconnectAttempts: -1,
      });
    } catch (error) {
      throw new EventLogUnavailableError(`Cannot reach NATS at ${String(options.servers)}: ${describeError(error)}`, {
        cause: error,
      });
    }
    try {
      const log = new JetStreamEventLog(nc, await nc.jetstreamManager(), nc.jetstream(), options);
      await log.retryTransient(() => createOrBindRacing(() => log.ensureStream()));
      return log;
    } catch (error) {
      await nc.close();
      throw error instanceof EventLogUnavailableError
        ? error
        : new EventLogUnavailableError(`JetStream is not available: ${describeError(error)}`, { cause: error });
    }
  }

  /** The stream's subjects. */
  get subjects(): string {
    return `${this.subjectPrefix}xsd.>`;
  }

  /** See `ensureStream` in stream-setup.ts. Idempotent. */
  async ensureStream(): Promise<void> {
    await ensureStream(this.jsm, {
      stream: this.stream,
      subjects: this.subjects,
      replicas: this.replicas,
      duplicateWindowMs: this.duplicateWindowMs,
    });
  }

  async append(event: AnyEvent, options: AppendOptions = {}): Promise<AppendResult> {
    const { event: stored, expected } = checkAppend(event, options);
    try {
      return await this.publish(stored, expected);
    } catch (error) {
      throw this.appendError(error, stored, expected);
    }
  }

  /**
   * Publishes with up to `maxInFlight` PubAcks outstanding. Publishes leave in input order on one
   * connection, so the stream stores them in that order. If one fails, no further ones are sent
   * and the call rejects; the ones before it may be stored, and retrying the same events is safe.
   */
  async appendMany(events: readonly AnyEvent[]): Promise<AppendResult[]> {
    const parsed = events.map((event) => parseEvent(event));
    const results = new Array<AppendResult>(parsed.length);
    let next = 0;
    let failure: { error: unknown; event: AnyEvent } | null = null;
    const worker = async () => {
      while (failure === null && next < parsed.length) {
        const index = next++;
        try {
          results[index] = await this.publish(parsed[index], undefined);
        } catch (error) {
          failure ??= { error, event: parsed[index] };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.maxInFlight, parsed.length) }, worker));
    if (failure !== null) {
      const { error, event } = failure;
      throw this.appendError(error, event, undefined);
    }
    return results;
  }

  async read(fromSequence: number, limit: number): Promise<StoredEvent[]> {
    if (limit <= 0) return [];
    const from = Math.max(1, Math.floor(fromSequence));
    const last = await this.lastSequence();
    if (from > last) return [];
    return this.readOrdered({ opt_start_seq: from, filterSubjects: this.subjects }, Math.min(Math.floor(limit), last - from + 1));
  }

  async *scan(fromSequence: number, throughSequence: number, pageSize: number): AsyncGenerator<ScannedEvent[]> {
    const from = Math.max(1, Math.floor(fromSequence));
    if (from > throughSequence) return;
    const size = Math.max(1, Math.floor(pageSize));
    // One ordered consumer for the whole range (a new one per page costs a consumer's set-up each),
    // one fetch a page: it asks the server for a page only when the caller takes the one before, so
    // a slow reader holds two pages at most (its consume would pull the whole range into memory).
    const consumer = await this.retryTransient(() =>
      this.js.consumers.get(this.stream, { opt_start_seq: from, filterSubjects: this.subjects, inactive_threshold: 30_000 }),
    ).catch((error: unknown) => {
      throw unavailable('scan', error);
    });
    try {
      let page: ScannedEvent[] = [];
      for (let next = from; ; ) {
        const messages = await consumer.fetch({ max_messages: Math.min(size - page.length, throughSequence - next + 1) });
        const before = next;
        for await (const message of messages) {
          page.push(new LazyScannedEvent(message.seq, message.string()));
          next = message.seq + 1;
          if (message.seq >= throughSequence || message.info.pending === 0) {
            messages.stop();
            yield page;
            return;
          }
        }
        // A fetch cut short (the ordered consumer restarting after a gap) is topped up by the next;
        // one that found nothing at all ran past the end of the stream.
        if (next === before && next > (await this.lastSequence())) {
          if (page.length > 0) yield page;
          return;
        }
        if (page.length >= size) {
          yield page;
          page = [];
        }
      }
    } finally {
      await consumer.delete().catch(() => false);
    }
  }

  async readSubject(subject: string): Promise<StoredEvent[]> {
    // Unlike a NATS filter, a subject here is literal: no event is stored on a wildcard.
    if (!isLiteralSubject(subject) || (await this.subjectSequence(subject)) === 0) return [];
    return this.readOrdered({ filterSubjects: this.natsSubject(subject) }, Number.POSITIVE_INFINITY);
  }

  async subjectSequence(subject: string): Promise<number> {
    if (!isLiteralSubject(subject)) return 0;
    try {
      const message = await this.retryTransient(() =>
        this.jsm.streams.getMessage(this.stream, { last_by_subj: this.natsSubject(subject) }),
      );
      return message.seq;
    } catch (error) {
      if (jsErrorCode(error) === JS_ERROR.noMessageFound) return 0;
      throw unavailable('subjectSequence', error);
    }
  }

  async lastSequence(): Promise<number> {
    try {
      return (await this.retryTransient(() => this.jsm.streams.info(this.stream))).state.last_seq;
    } catch (error) {
      throw unavailable('lastSequence', error);
    }
  }

  async info(): Promise<EventLogInfo> {
    return { adapter: this.adapter, stream: this.stream, lastSequence: await this.lastSequence() };
  }

  /**
   * A durable pull consumer named `name` (cumulative acks, unlimited server redeliveries: this
   * adapter counts deliveries itself, see `deliverBatch`) with the log's replicas. Delivery starts at
   * `fromSequence`. The server-side consumer is kept as it is when it is exactly there (nothing
   * delivered and unacknowledged, next to deliver = fromSequence, enough replicas); otherwise it is
   * recreated at fromSequence, which is how a rebuild restarts and how a projector whose checkpoint
   * is the truth realigns it. With `ephemeral`, the same but as an ephemeral consumer, deleted on
   * stop() and by the server after `inactiveThresholdMs` without its subscriber.
   */
  async subscribe(name: string, options: SubscribeOptions, handler: BatchHandler): Promise<Subscription> {
    const maxBatch = checkSubscription(name, options);
    try {
      const consumer = await this.retryTransient(async () => {
        await placeConsumer(this.jsm, this.stream, name, {
          ...options,
          maxBatch,
          ackWaitMs: this.ackWaitMs,
          replicas: this.replicas,
        });
        return this.js.consumers.get(this.stream, name);
      });
      const subscription = new JetStreamSubscription(
        this.nc,
        name,
        options.fromSequence,
        maxBatch,
        handler,
        this.policy,
        this.ackWaitMs,
        async () => {
          this.subscriptions.delete(subscription);
          // A follower is not resumed: leave nothing behind.
          if (options.ephemeral && !this.nc.isClosed()) await this.jsm.consumers.delete(this.stream, name).catch(() => false);
        },
      );
      await subscription.start(consumer);
      this.subscriptions.add(subscription);
      return subscription;
    } catch (error) {
      throw unavailable(`subscribe(${name})`, error);
    }
  }

  async deleteConsumer(name: string): Promise<void> {
    try {
      await this.retryTransient(() => this.jsm.consumers.delete(this.stream, name));
    } catch (error) {
      if (jsErrorCode(error) !== JS_ERROR.consumerNotFound) throw unavailable(`deleteConsumer(${name})`, error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.publisher.close();
    if (!this.nc.isClosed()) {
      await this.nc.flush().catch(() => undefined);
      await this.nc.close();
    }
  }

  private natsSubject(subject: string): string {
    return this.subjectPrefix + subject;
  }

  /**
   * Publishes with the event id as Nats-Msg-Id, and again after a transient failure (see
   * `isTransientPublishError`) until `transientRetryMs` has passed. The stream's deduplication makes
   * that safe: if an earlier try was stored, the server answers its sequence instead of storing it
   * twice (so such an append reports `duplicate: true`, and with retries `appendMany` may store an
   * event after ones that followed it).
   */
  private async publish(event: AnyEvent, expected: number | undefined): Promise<AppendResult> {
    const subject = this.natsSubject(event.subject);
    const payload = encoder.encode(JSON.stringify(event));
    const ack = await this.retryTransient(
      () => this.publisher.publish(subject, payload, { msgId: event.id, expectedLastSubjectSequence: expected }),
      isTransientPublishError,
    );
    return { sequence: ack.seq, duplicate: ack.duplicate };
  }

  /**
   * Runs `operation` again, with a growing pause, while it fails in a way that lasts only as long
   * as a leader election or a reconnect, for up to `transientRetryMs`.
   */
  private async retryTransient<T>(operation: () => Promise<T>, transient = isTransientApiError): Promise<T> {
    const deadline = Date.now() + this.transientRetryMs;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await operation();
      } catch (error) {
        if (this.closed || !transient(error) || Date.now() >= deadline) throw error;
        await delay(Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt));
      }
    }
  }

  private appendError(error: unknown, event: AnyEvent, expected: number | undefined): Error {
    if (expected !== undefined && error instanceof PublishRejectedError && error.errCode === JS_ERROR.wrongLastSequence) {
      const actual = /wrong last sequence: (\d+)/.exec(error.description);
      return new ConcurrencyError(event.subject, expected, actual ? Number(actual[1]) : null);
    }
    return unavailable(`append of ${event.id}`, error);
  }

  /** Reads through a short-lived ordered consumer, up to `max` events or the end of the stream. */
  private async readOrdered(options: Partial<OrderedConsumerOptions>, max: number): Promise<StoredEvent[]> {
    try {
      const consumer = await this.retryTransient(() =>
        this.js.consumers.get(this.stream, { ...options, inactive_threshold: 30_000 }),
      );
      const events: StoredEvent[] = [];
      const messages = await consumer.consume({ max_messages: Math.min(max, 1_000) });
      try {
        for await (const message of messages) {
          events.push(toStored(message));
          if (events.length >= max || message.info.pending === 0) break;
        }
      } finally {
        messages.stop();
        await consumer.delete().catch(() => false);
      }
      return events;
    } catch (error) {
      throw unavailable('read', error);
    }
  }
}

function unavailable(operation: string, error: unknown): Error {
  if (error instanceof EventLogUnavailableError || error instanceof ConcurrencyError || error instanceof RangeError) {
    return error;
  }
  return new EventLogUnavailableError(`JetStream ${operation} failed: ${describeError(error)}`, { cause: error });
}

function isLiteralSubject(subject: string): boolean {
  return subject.length > 0 && !/[\s*>]/.test(subject);
}
