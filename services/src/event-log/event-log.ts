import { type AnyEvent, parseEvent } from '@xsd/contracts';

/** An event as stored: its position in the whole log (1-based, gap-free per adapter) and itself. */
export interface StoredEvent {
  readonly sequence: number;
  readonly event: AnyEvent;
}

/** A stored event as a scan hands it out: its JSON as the log keeps it, parsed only when `event` is read. */
export interface ScannedEvent extends StoredEvent {
  readonly json: string;
}

/** Parses the JSON at the first use of `event`: a scan that copies events on never pays for it. */
export class LazyScannedEvent implements ScannedEvent {
  #event: AnyEvent | undefined;
  constructor(
    readonly sequence: number,
    readonly json: string,
  ) {}

  get event(): AnyEvent {
    return (this.#event ??= JSON.parse(this.json) as AnyEvent);
  }
}

export interface AppendOptions {
  /**
   * Optimistic concurrency on the event's subject: the sequence of the last event stored on that
   * subject that the caller decided on, or 0 when the subject must still be empty.
   */
  readonly expectedSubjectSequence?: number;
}

export interface AppendResult {
  /** Stream sequence of the stored event (of the first copy when this append was a duplicate). */
  readonly sequence: number;
  /** True when an event with the same id was already stored; nothing new was written. */
  readonly duplicate: boolean;
}

export interface SubscribeOptions {
  /**
   * First sequence to deliver (1 = from the start). The durable consumer remembers the last
   * sequence it acknowledged: passing exactly that + 1 resumes it where it stopped; any other value
   * moves it there first (1 for a rebuild; a projection's checkpoint + 1 when the checkpoint,
   * committed with the rows, is the truth). A new consumer starts here.
   */
  readonly fromSequence: number;
  /** Most events handed to the handler at once. */
  readonly maxBatch?: number;
  /**
   * A per-process follower (the API's live stream) instead of a durable consumer: nothing of it
   * outlives its process. Its position is not kept (the embedded log holds it in memory, JetStream
   * uses an ephemeral consumer); `stop()` removes it, and JetStream removes the consumer of a process
   * that died without stopping after `inactiveThresholdMs`. Its name shows in logs and monitoring
   * and must be unique among running followers.
   */
  readonly ephemeral?: boolean;
  /** JetStream, ephemeral followers only: how long a follower without subscriber is kept. Default 60 s. */
  readonly inactiveThresholdMs?: number;
}

/**
 * Delivery to a durable consumer. The handler gets ordered, consecutive batches; when it resolves,
 * the batch is acknowledged. When it throws, the batch is delivered again after a delay, never
 * dropped, until the adapter's maximum deliveries; then its events are delivered one at a time and
 * one that still fails goes to the dead letters (see `batch-delivery.ts`). Delivery is at least
 * once: a batch handled just before a crash, or before its acknowledgement was stored, comes
 * again, so handlers skip what they already applied (the projector's checkpoint does).
 */
export type BatchHandler = (batch: readonly StoredEvent[]) => Promise<void>;

export interface Subscription {
  /** Stops delivery; resolves once the handler is no longer running. */
  stop(): Promise<void>;
}

export interface EventLogInfo {
  readonly adapter: 'jetstream' | 'embedded';
  readonly stream: string;
  readonly lastSequence: number;
}

/** The one log every change of state goes through first. Two adapters share these semantics. */
export interface EventLog {
  readonly adapter: 'jetstream' | 'embedded';
  readonly stream: string;

  /** Validates, then appends one event. Rejects with InvalidEventError or ConcurrencyError. */
  append(event: AnyEvent, options?: AppendOptions): Promise<AppendResult>;
  /**
   * Validates all, then appends many events without concurrency checks, pipelined; results in
   * input order, duplicates (already stored, or repeated in the input) reported as such. If it
   * fails part way, the events before the failure may be stored: retrying the same events is safe.
   */
  appendMany(events: readonly AnyEvent[]): Promise<AppendResult[]>;

  /** Events from `fromSequence` on (inclusive), in order, at most `limit`. */
  read(fromSequence: number, limit: number): Promise<StoredEvent[]>;
  /**
   * Events `fromSequence..throughSequence` in order, in pages of up to `pageSize`, read only as the
   * caller asks for the next page: how a backup streams the whole log without holding it. JetStream
   * reads the range through one ordered consumer and hands out the stored bytes as they are; the
   * embedded log pages with SQL.
   */
  scan(fromSequence: number, throughSequence: number, pageSize: number): AsyncGenerator<ScannedEvent[]>;
  /** Every event of one subject, in order: how a command loads its aggregate's state. */
  readSubject(subject: string): Promise<StoredEvent[]>;
  /** Sequence of the last event on a subject, 0 when there is none. */
  subjectSequence(subject: string): Promise<number>;
  /** Sequence of the newest event in the whole log, 0 when empty. */
  lastSequence(): Promise<number>;
  info(): Promise<EventLogInfo>;

  /**
   * A named durable consumer: survives restarts and resumes after the last acknowledged batch.
   * One running subscription per name at a time (across processes too). With `ephemeral`, a
   * follower that keeps nothing once stopped or gone.
   */
  subscribe(name: string, options: SubscribeOptions, handler: BatchHandler): Promise<Subscription>;
  /** Forgets a durable consumer's position (used before a projection rebuild); stop it first. */
  deleteConsumer(name: string): Promise<void>;

  close(): Promise<void>;
}

/** The subject moved on since the caller read it: someone else appended first. */
export class ConcurrencyError extends Error {
  constructor(
    readonly subject: string,
    readonly expectedSequence: number,
    readonly actualSequence: number | null,
  ) {
    super(
      `Concurrent change on ${subject}: expected last sequence ${expectedSequence}` +
        (actualSequence === null ? '' : `, found ${actualSequence}`),
    );
    this.name = 'ConcurrencyError';
  }
}

/** The log could not be reached or refused the operation for a reason other than the above. */
export class EventLogUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventLogUnavailableError';
  }
}

/** Refuses a sequence-like argument that is not a safe integer of at least `min` (RangeError). */
export function assertSequence(value: number, name: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  }
}

const DEFAULT_MAX_BATCH = 100;

/** Checks a subscription's arguments as every adapter does; returns its batch size (default 100). */
export function checkSubscription(name: string, options: SubscribeOptions): number {
  if (!name) throw new RangeError('A durable consumer needs a name');
  assertSequence(options.fromSequence, 'fromSequence', 1);
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  assertSequence(maxBatch, 'maxBatch', 1);
  return maxBatch;
}

/** An event to append, validated, and the subject sequence it expects, checked. */
export function checkAppend(event: AnyEvent, options: AppendOptions): { readonly event: AnyEvent; readonly expected: number | undefined } {
  const parsed = parseEvent(event);
  const expected = options.expectedSubjectSequence;
  if (expected !== undefined) assertSequence(expected, 'expectedSubjectSequence', 0);
  return { event: parsed, expected };
}
