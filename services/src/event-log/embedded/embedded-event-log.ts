import { type AnyEvent, InvalidEventError, parseEvent } from '@xsd/contracts';
import type { Kysely, Transaction } from 'kysely';
import {
  type DeliveryOptions,
  type DeliveryPolicy,
  deliverBatch,
  deliveryPolicy,
  describeError,
  StopSignal,
} from '../batch-delivery.js';
import {
  type AppendOptions,
  type AppendResult,
  type BatchHandler,
  checkAppend,
  checkSubscription,
  ConcurrencyError,
  type EventLog,
  type EventLogInfo,
  EventLogUnavailableError,
  type ScannedEvent,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-log.js';
import type { EventLogTables } from './event-log.tables.js';

export interface EmbeddedEventLogOptions extends DeliveryOptions {
  /** The name `info()` reports. Default 'event_log' (the table). */
  readonly stream?: string;
  /**
   * How often the log's head is read, while consumers run, for events appended by another process
   * (shared PostgreSQL). Appends through any log on the same Kysely instance wake consumers at once.
   * Default 250 ms.
   */
  readonly pollIntervalMs?: number;
}

type Db = Kysely<EventLogTables>;

/** Rows per insert in `appendMany` (5 parameters a row, well under PostgreSQL's 65,535). */
const APPEND_CHUNK = 1_000;

/** An append waiting for the next group (see `append`), and how to tell its caller. */
interface QueuedAppend {
  readonly event: AnyEvent;
  readonly expected: number | undefined;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * Told of each append's newest sequence, per Kysely instance: several logs (or a reopened one) on
 * the same database in one process see each other's appends at once, without waiting for the poll.
 */
const appendListeners = new WeakMap<object, Set<(sequence: number) => void>>();

/** An idle consumer reads the log itself this often, a net under HeadWatch's wake-ups. */
const IDLE_RECHECK_MS = 60_000;

/**
 * Wakes a log's idle consumers when the log grows: at once for appends through any log on the same
 * Kysely instance, and for other processes' by reading the head (one row) every `pollMs` while a
 * consumer runs. Each idle consumer used to read the log itself at that pace: the stack's 21
 * consumers made 84 reads a second, a tenth of a core of an idle embedded stack.
 */
class HeadWatch {
  private readonly wakers = new Set<() => void>();
  /** The newest sequence the consumers were woken for. */
  private latest = 0;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => void) | null = null;
  private polling = false;

  constructor(
    private readonly db: Db,
    private readonly pollMs: number,
  ) {}

  /** Calls `wake` each time the log grows, until the returned function is called. */
  add(wake: () => void): () => void {
    this.wakers.add(wake);
    if (this.wakers.size === 1) this.start();
    return () => {
      this.wakers.delete(wake);
      if (this.wakers.size === 0) this.stop();
    };
  }

  /** The log holds events through `sequence` (a wake-up a later sequence of this process already gave is not repeated). */
  grew(sequence: number): void {
    if (sequence <= this.latest) return;
    this.latest = sequence;
    for (const wake of this.wakers) wake();
  }

  /** The newest sequence the consumers were woken for: none of their wake-ups was for a later one. */
  get newest(): number {
    return this.latest;
  }

  private start(): void {
    let listeners = appendListeners.get(this.db);
    if (!listeners) {
      listeners = new Set();
      appendListeners.set(this.db, listeners);
    }
    const listener = (sequence: number) => this.grew(sequence);
    listeners.add(listener);
    this.unlisten = () => listeners.delete(listener);
    this.timer = setInterval(() => void this.poll(), this.pollMs).unref();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.unlisten?.();
    this.unlisten = null;
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      this.grew(await headSequence(this.db));
    } catch {
      // The database is away: the next poll reads again, and the consumers report it when they read.
    } finally {
      this.polling = false;
    }
  }
}

/**
 * The event log in a table of the application database (PGlite embedded, or PostgreSQL). Every
 * append takes the row lock of `event_log_head` in its transaction, so sequences are gap-free and
 * ordered across connections and processes; the id is unique, and dedupe and the concurrency
 * check happen under that lock.
 */
export class EmbeddedEventLog implements EventLog {
  readonly adapter = 'embedded' as const;
  readonly stream: string;
  private readonly db: Db;
  private readonly policy: DeliveryPolicy;
  private readonly head: HeadWatch;
  private readonly subscriptions = new Set<EmbeddedSubscription>();
  /** Appends that came while a group's transaction was running: the next group. */
  private queued: QueuedAppend[] = [];
  private writingGroup = false;

  /** `db` must have the `1763683200000-EventLog` migration; the caller owns (and closes) it. */
  constructor(db: Kysely<any>, options: EmbeddedEventLogOptions = {}) {
    this.db = db as Db;
    this.stream = options.stream ?? 'event_log';
    this.policy = deliveryPolicy(options);
    this.head = new HeadWatch(this.db, options.pollIntervalMs ?? 250);
  }

  /**
   * Appends that arrive while another append's transaction runs wait for it and are written
   * together, in the order they came, in one transaction (group commit): each still gets its own
   * answer (stored, duplicate, or its own ConcurrencyError), exactly as one after another. Under
   * fifty writers the embedded log had been holding PGlite's one session for a transaction of
   * seven statements per event. An append to an idle log starts its transaction at once.
   */
  async append(event: AnyEvent, options: AppendOptions = {}): Promise<AppendResult> {
    const { event: stored, expected } = checkAppend(event, options);
    return new Promise<AppendResult>((resolve, reject) => {
      this.queued.push({ event: stored, expected, resolve, reject });
      if (!this.writingGroup) void this.writeGroups();
    });
  }

  /** Writes the queued appends a group at a time until none is left. */
  private async writeGroups(): Promise<void> {
    this.writingGroup = true;
    try {
      while (this.queued.length > 0) {
        const group = this.queued.splice(0, APPEND_CHUNK);
        try {
          const outcomes = await this.write('append', (trx, last) => this.appendGroupLocked(trx, last, group));
          let newest = 0;
          outcomes.forEach((outcome, index) => {
            if (outcome instanceof ConcurrencyError) return group[index]!.reject(outcome);
            if (!outcome.duplicate) newest = Math.max(newest, outcome.sequence);
            group[index]!.resolve(outcome);
          });
          if (newest > 0) this.notifyAppended(newest);
        } catch (error) {
          for (const append of group) append.reject(error);
        }
      }
    } finally {
      this.writingGroup = false;
    }
  }

  async appendMany(events: readonly AnyEvent[]): Promise<AppendResult[]> {
    // Validate all first: one bad event means nothing is stored.
    const parsed = events.map((event) => parseEvent(event));
    // One transaction per chunk: if a later chunk fails, earlier ones stay stored, and retrying
    // the same events is safe (their ids answer as duplicates).
    const results: AppendResult[] = [];
    for (let start = 0; start < parsed.length; start += APPEND_CHUNK) {
      const chunk = parsed.slice(start, start + APPEND_CHUNK);
      // No expectation in the chunk, so no outcome is a ConcurrencyError.
      const written = (await this.write('appendMany', (trx, last) =>
        this.appendGroupLocked(trx, last, chunk.map((event) => ({ event, expected: undefined }))),
      )) as AppendResult[];
      const stored = written.filter((result) => !result.duplicate);
      if (stored.length > 0) this.notifyAppended(stored[stored.length - 1].sequence);
      results.push(...written);
    }
    return results;
  }

  async read(fromSequence: number, limit: number): Promise<StoredEvent[]> {
    if (!(limit > 0)) return [];
    let query = this.db
      .selectFrom('event_log')
      .select(['sequence', 'event'])
      .where('sequence', '>=', Math.max(1, Math.floor(fromSequence)))
      .orderBy('sequence');
    if (Number.isFinite(limit)) query = query.limit(Math.floor(limit));
    const rows = await query.execute();
    return rows.map(toStored);
  }

  async *scan(fromSequence: number, throughSequence: number, pageSize: number): AsyncGenerator<ScannedEvent[]> {
    for (let next = Math.max(1, fromSequence); next <= throughSequence; ) {
      const page = await this.read(next, Math.min(pageSize, throughSequence - next + 1));
      if (page.length === 0) return;
      yield page.map((stored) => ({ ...stored, json: JSON.stringify(stored.event) }));
      next = page[page.length - 1].sequence + 1;
    }
  }

  async readSubject(subject: string): Promise<StoredEvent[]> {
    const rows = await this.db
      .selectFrom('event_log')
      .select(['sequence', 'event'])
      .where('subject', '=', subject)
      .orderBy('sequence')
      .execute();
    return rows.map(toStored);
  }

  async subjectSequence(subject: string): Promise<number> {
    return subjectSequence(this.db, subject);
  }

  async lastSequence(): Promise<number> {
    return headSequence(this.db);
  }

  async info(): Promise<EventLogInfo> {
    return { adapter: this.adapter, stream: this.stream, lastSequence: await this.lastSequence() };
  }

  async subscribe(name: string, options: SubscribeOptions, handler: BatchHandler): Promise<Subscription> {
    const maxBatch = checkSubscription(name, options);

    // The position is the last acknowledged sequence. A caller that resumes passes exactly
    // position + 1, which changes nothing; any other fromSequence moves the consumer there.
    // An ephemeral follower's position lives in the subscription alone: no row to leave behind.
    const position = options.fromSequence - 1;
    const durable = !options.ephemeral;
    if (durable) {
      await this.db
        .insertInto('event_log_consumers')
        .values({ name, last_sequence: position })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ last_sequence: position, updated_at: new Date() })
            .where('event_log_consumers.last_sequence', '<>', position),
        )
        .execute();
    }

    const subscription = new EmbeddedSubscription(this, name, durable, position, maxBatch, handler, () => {
      this.subscriptions.delete(subscription);
    });
    this.subscriptions.add(subscription);
    subscription.start();
    return subscription;
  }

  async deleteConsumer(name: string): Promise<void> {
    await this.db.deleteFrom('event_log_consumers').where('name', '=', name).execute();
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
  }

  /** @internal For subscriptions: the consumer acknowledged everything up to `sequence`. */
  async acknowledge(name: string, sequence: number): Promise<void> {
    await this.db
      .insertInto('event_log_consumers')
      .values({ name, last_sequence: sequence })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_sequence: sequence, updated_at: new Date() }))
      .execute();
  }

  /** @internal */
  get deliveryPolicy(): DeliveryPolicy {
    return this.policy;
  }

  /** @internal The newest sequence the consumers were woken for: none of their wake-ups was for a later one. */
  get newestWoken(): number {
    return this.head.newest;
  }

  /** @internal Registers a wake-up for each time the log grows; returns the unregister. */
  onGrown(wake: () => void): () => void {
    return this.head.add(wake);
  }

  private notifyAppended(sequence: number): void {
    for (const listener of appendListeners.get(this.db) ?? []) listener(sequence);
  }

  /** Runs `work` in a transaction holding the head lock; `last` is the last sequence handed out. */
  private async write<T>(operation: string, work: (trx: Transaction<EventLogTables>, last: number) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const head = await trx
          .selectFrom('event_log_head')
          .select('last_sequence')
          .where('id', '=', 1)
          .forUpdate()
          .executeTakeFirstOrThrow();
        return work(trx, Number(head.last_sequence));
      });
    } catch (error) {
      if (error instanceof ConcurrencyError || error instanceof InvalidEventError) throw error;
      throw new EventLogUnavailableError(`Event log ${operation} failed: ${describeError(error)}`, { cause: error });
    }
  }

  /**
   * A group of appends (or a chunk of `appendMany`) under the head lock, as if one after another:
   * an id already stored (or earlier in the group) answers as a duplicate, an expected subject
   * sequence is checked against the subject's newest (stored, or earlier in the group) and refused
   * alone, and the rest are stored in one insert.
   */
  private async appendGroupLocked(
    trx: Transaction<EventLogTables>,
    last: number,
    group: readonly Pick<QueuedAppend, 'event' | 'expected'>[],
  ): Promise<(AppendResult | ConcurrencyError)[]> {
    const ids = [...new Set(group.map(({ event }) => event.id))];
    const existing = await trx.selectFrom('event_log').select(['id', 'sequence']).where('id', 'in', ids).execute();
    // PostgreSQL answers uuids in lower case.
    const known = new Map(existing.map((row) => [row.id.toLowerCase(), Number(row.sequence)]));
    const checked = [...new Set(group.filter(({ expected }) => expected !== undefined).map(({ event }) => event.subject))];
    const newest = new Map<string, number>();
    if (checked.length > 0) {
      const rows = await trx
        .selectFrom('event_log')
        .select((eb) => ['subject', eb.fn.max('sequence').as('last')])
        .where('subject', 'in', checked)
        .groupBy('subject')
        .execute();
      for (const row of rows) newest.set(row.subject, Number(row.last));
    }
    const rows: ReturnType<typeof toRow>[] = [];
    let sequence = last;
    const outcomes = group.map(({ event, expected }): AppendResult | ConcurrencyError => {
      const first = known.get(event.id.toLowerCase());
      if (first !== undefined) return { sequence: first, duplicate: true };
      if (expected !== undefined) {
        const actual = newest.get(event.subject) ?? 0;
        if (actual !== expected) return new ConcurrencyError(event.subject, expected, actual);
      }
      sequence += 1;
      known.set(event.id.toLowerCase(), sequence);
      newest.set(event.subject, sequence);
      rows.push(toRow(event, sequence));
      return { sequence, duplicate: false };
    });
    if (rows.length > 0) {
      await trx.insertInto('event_log').values(rows).execute();
      await trx.updateTable('event_log_head').set({ last_sequence: sequence }).where('id', '=', 1).execute();
    }
    return outcomes;
  }
}

/** One running consumer: read after its position, deliver, acknowledge (durable: in its row), wait for more. */
class EmbeddedSubscription implements Subscription {
  private readonly signal = new StopSignal();
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly log: EmbeddedEventLog,
    private readonly name: string,
    private readonly durable: boolean,
    private position: number,
    private readonly maxBatch: number,
    private readonly handler: BatchHandler,
    private readonly onStopped: () => void,
  ) {}

  start(): void {
    const unregister = this.log.onGrown(() => this.signal.wake());
    this.running = this.run().finally(unregister);
  }

  async stop(): Promise<void> {
    this.signal.stop();
    await this.running;
    this.onStopped();
  }

  private async run(): Promise<void> {
    const policy = this.log.deliveryPolicy;
    while (!this.signal.stopped) {
      try {
        const batch = await this.log.read(this.position + 1, this.maxBatch);
        if (batch.length === 0) {
          await this.signal.wait(IDLE_RECHECK_MS);
          continue;
        }
        const settled = await deliverBatch(batch, {
          consumer: this.name,
          handler: this.handler,
          policy,
          signal: this.signal,
          settle: async (events) => {
            const last = events[events.length - 1].sequence;
            if (this.durable) await this.log.acknowledge(this.name, last);
            this.position = last;
          },
        });
        if (!settled) return;
        // Past every append a wake-up was for: wait for the next one instead of reading the log only
        // to find it empty (half of a consumer's reads; each stack's 21 consumers read at each append).
        if (batch.length < this.maxBatch && this.position >= this.log.newestWoken) {
          this.signal.forgetWake();
          await this.signal.wait(IDLE_RECHECK_MS);
        }
      } catch (error) {
        // Reading or acknowledging failed (database away): try again from the last acknowledged.
        policy.logger.error(`Event log consumer '${this.name}': ${describeError(error)}; retrying`);
        await this.signal.sleep(policy.retryDelayMs);
      }
    }
  }
}

/** The last sequence handed out (the head row's, which every append moves in its transaction). */
async function headSequence(db: Db): Promise<number> {
  const head = await db.selectFrom('event_log_head').select('last_sequence').where('id', '=', 1).executeTakeFirst();
  return Number(head?.last_sequence ?? 0);
}

async function subjectSequence(db: Kysely<EventLogTables>, subject: string): Promise<number> {
  const row = await db
    .selectFrom('event_log')
    .select((eb) => eb.fn.max('sequence').as('last'))
    .where('subject', '=', subject)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

function toRow(event: AnyEvent, sequence: number) {
  return { sequence, id: event.id, subject: event.subject, type: event.type, event: JSON.stringify(event) };
}

function toStored(row: { sequence: number | string; event: unknown }): StoredEvent {
  return { sequence: Number(row.sequence), event: row.event as AnyEvent };
}
