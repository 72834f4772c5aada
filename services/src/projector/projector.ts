import { Logger } from '@nestjs/common';
import type { EventType } from '@xsd/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../database/database.js';
import type { DB } from '../database/schema.js';
import type { EventLog, StoredEvent, Subscription } from '../event-log/event-log.js';
import { CheckpointsRepository, consumerName } from '../core/checkpoints.repository.js';
import type { Projection, StoredEventOf } from './projection.js';
import type { ProjectionProgress } from '../core/projection-progress.js';
import type { ProjectorLeadership } from './projector-leadership.js';
import { createShadow, dropShadow, indexForPruning, indexShadow, shadowSchema, swapInShadow, useShadow, vacuumShadow } from './shadow-tables.js';

export interface ProjectorOptions {
  /** Most events per transaction. Larger batches project faster; smaller ones commit sooner. */
  readonly maxBatch?: number;
  /** Keeps a second projector on the same database on standby; none means this one always leads. */
  readonly leadership?: ProjectorLeadership;
  /** How long a rebuild waits for another running projector to let go. */
  readonly rebuildLeadershipTimeoutMs?: number;
  /** CHECKPOINT_FLUSH_MS unless set (tests hold checkpoints unwritten with a long one). */
  readonly checkpointFlushMs?: number;
  /** REBUILD_PAGE unless set (tests take small pages to see a rebuild span many transactions). */
  readonly rebuildPage?: number;
}

/**
 * A batch with none of the events a projection applies changes no row: its checkpoint then moves
 * in memory at once and is written with the other projections' in one statement this much later,
 * instead of one transaction a projection an event (every projection reads every event).
 */
export const CHECKPOINT_FLUSH_MS = 100;

/** Events per transaction (and per page read from the log) while a rebuild replays the log. */
export const REBUILD_PAGE = 20_000;
/** A rebuild gives up when reading or writing one page takes this long. */
export const REBUILD_STALLED_AFTER_MS = 120_000;

export interface RebuildProgress {
  /** The last event replayed into the shadow tables. */
  readonly replayed: number;
  /** The log's head as last read: the rebuild swaps in once it has replayed up to it. */
  readonly head: number;
}

export interface RebuildOptions {
  readonly onProgress?: (progress: RebuildProgress) => void;
  /** Gives up when one page takes longer than this to read or write (default REBUILD_STALLED_AFTER_MS). */
  readonly stalledAfterMs?: number;
}

export interface RebuildResult {
  readonly name: string;
  /** The checkpoint the rebuilt tables were swapped in at. */
  readonly sequence: number;
  readonly elapsedMs: number;
}

/**
 * The times of the rows a rebuild has copied into a table with a retention (`CopyRetention`): once
 * they span more than it keeps, its prune has rows to delete.
 */
interface CopiedSpan {
  oldest: number;
  newest: number;
}

/** A rebuild made no progress for too long (a lock held elsewhere, say); the live tables are untouched. */
export class RebuildStalledError extends Error {
  override name = 'RebuildStalledError';
  constructor(doing: string, ms: number) {
    super(`Rebuild stalled: no progress for ${Math.round(ms / 1000)} s ${doing}`);
  }
}

function withinStallLimit<T>(work: Promise<T>, ms: number, doing: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RebuildStalledError(doing, ms)), ms);
  });
  return Promise.race([work, stalled]).finally(() => clearTimeout(timer));
}

export interface ProjectionStatus {
  readonly name: string;
  readonly checkpoint: number;
  readonly lag: number;
  readonly running: boolean;
}

/** How far a projection is behind the log's head. */
export interface ProjectionLag {
  readonly name: string;
  readonly checkpoint: number;
  /** Events in the log it has not applied yet. */
  readonly events: number;
  /** Age of the oldest of those (0 when it is caught up). */
  readonly seconds: number;
}

/**
 * A batch started past the checkpoint: delivery skipped events (a second replica took a later
 * batch first). Thrown so the batch is delivered again later instead of leaving a hole.
 */
export class ProjectionGapError extends Error {
  override name = 'ProjectionGapError';
  constructor(projection: string, checkpoint: number, first: number) {
    super(`Projection ${projection} is at ${checkpoint} but was handed ${first} first; waiting for the missing events`);
  }
}

export class UnknownProjectionError extends Error {
  override name = 'UnknownProjectionError';
  constructor(name: string, known: readonly string[]) {
    super(`Unknown projection '${name}'. Known projections: ${known.join(', ')}`);
  }
}

/**
 * Runs each projection as a durable consumer of the log. A batch's rows and the checkpoint commit
 * in one transaction under a row lock on the checkpoint, and events at or below the checkpoint are
 * skipped, so redelivery, replay or a second replica never doubles a row.
 */
export class Projector {
  private readonly subscriptions = new Map<string, Subscription>();
  private leading = false;
  private stopped = false;
  private readonly checkpoints: CheckpointsRepository;
  private readonly byName: Map<string, Projection>;
  /** Where each running projection has got to, as this projector applied or skipped the events. */
  private readonly positions = new Map<string, number>();
  /** Checkpoints moved past events a projection does not apply, not written yet (see CHECKPOINT_FLUSH_MS). */
  private readonly unsaved = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | null = null;
  /** Writes of unsaved checkpoints and rebuilds' resets, one after another. */
  private checkpointWrites: Promise<unknown> = Promise.resolve();
  private readonly logger = new Logger('Projector');
  private readonly db: Kysely<DB>;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'db' | 'copyRows'>,
    private readonly log: EventLog,
    readonly projections: readonly Projection[],
    private readonly progress: ProjectionProgress,
    private readonly options: ProjectorOptions = {},
  ) {
    this.db = database.db;
    this.checkpoints = new CheckpointsRepository({ db: this.db });
    this.byName = new Map(projections.map((projection) => [projection.name, projection]));
  }

  private get rebuildPage(): number {
    return this.options.rebuildPage ?? REBUILD_PAGE;
  }

  /** The election it runs when it has one (LeadingConsumer): lost, it stops and stands by again. */
  get leadership(): ProjectorLeadership | undefined {
    return this.options.leadership;
  }

  /** True once stop() was asked for, so a start still in progress can wind down quietly. */
  get stopping(): boolean {
    return this.stopped;
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  /**
   * Waits to lead (another projector on the same database may hold it), then runs every
   * projection. Resolves once they are subscribed; a standby resolves only when it takes over.
   */
  async start(): Promise<void> {
    this.stopped = false;
    await this.lead();
    if (this.stopped) return this.resign();
    // What a rebuild killed part-way left behind (only a leader rebuilds, so none is running).
    for (const projection of this.projections) await dropShadow(this.db, projection);
    await Promise.all(this.projections.map((projection) => this.startOne(projection, { fromStart: true })));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const running = [...this.subscriptions.values()];
    for (const name of this.subscriptions.keys()) this.progress.runsHere(name, false);
    this.subscriptions.clear();
    await Promise.all(running.map((subscription) => subscription.stop()));
    await this.flushCheckpoints();
    await this.resign();
  }

  /** Rebuilds one projection; see `rebuildAll`. */
  async rebuild(name: string, options: RebuildOptions = {}): Promise<RebuildResult> {
    const [result] = await this.rebuildAll([name], options);
    return result;
  }

  /**
   * Replays the log from sequence 1 into fresh shadow copies of the projections' tables, all of
   * them from one read of the log, in large transactions, their secondary indexes built after the
   * bulk of the rows. Once a shadow has caught up with the head, it replaces the live tables in one
   * transaction with the projection's checkpoint: until then readers see the old complete rows (and
   * a running projection keeps them current). No time limit: it gives up only when a step makes no
   * progress for `stalledAfterMs`.
   */
  async rebuildAll(names: readonly string[], options: RebuildOptions = {}): Promise<RebuildResult[]> {
    const projections = names.map((name) => {
      const projection = this.byName.get(name);
      if (!projection) throw new UnknownProjectionError(name, this.names);
      return projection;
    });
    const started = Date.now();
    const wasLeading = this.leading;
    if (!wasLeading) await this.lead(this.options.rebuildLeadershipTimeoutMs ?? 5_000);
    const stalledAfterMs = options.stalledAfterMs ?? REBUILD_STALLED_AFTER_MS;
    const guard = <T>(work: Promise<T>, doing: string) => withinStallLimit(work, stalledAfterMs, doing);
    const shadows = new Map<Projection, string>();
    const spans = new Map<Projection, CopiedSpan>();
    try {
      for (const projection of projections) shadows.set(projection, await createShadow(this.db, projection));
      let head = await this.log.lastSequence();
      const report = (replayed: number) => options.onProgress?.({ replayed, head: Math.max(head, replayed) });
      report(0);
      let reached = await this.replay(shadows, spans, 1, head, guard, report);
      // Events appended meanwhile: caught up in pages while the live tables keep serving.
      while ((head = await this.log.lastSequence()) - reached > this.rebuildPage) {
        reached = await this.replay(shadows, spans, reached + 1, head, guard, report);
      }
      await Promise.all(projections.map((projection) => indexShadow(this.db, projection, shadows.get(projection)!)));
      return await Promise.all(
        projections.map(async (projection) => {
          const sequence = await this.swapIn(projection, shadows.get(projection)!, reached);
          report(sequence);
          return { name: projection.name, sequence, elapsedMs: Date.now() - started };
        }),
      );
    } catch (error) {
      // A stalled statement may still hold its locks; its shadow goes with the next rebuild.
      if (!(error instanceof RebuildStalledError)) {
        await Promise.all([...shadows.keys()].map((projection) => dropShadow(this.db, projection).catch(() => undefined)));
      }
      throw error;
    } finally {
      if (!wasLeading) await this.resign();
    }
  }

  /** Writes the events `from..through` into the shadows, a page a transaction, reading the next page meanwhile. */
  private async replay(
    shadows: ReadonlyMap<Projection, string>,
    spans: Map<Projection, CopiedSpan>,
    from: number,
    through: number,
    guard: <T>(work: Promise<T>, doing: string) => Promise<T>,
    report: (replayed: number) => void,
  ): Promise<number> {
    let reached = from - 1;
    if (from > through) return reached;
    const pages = this.log.scan(from, through, this.rebuildPage);
    const read = () => {
      const next = pages.next();
      next.catch(() => undefined); // awaited below; a write failing first must not leave it unhandled
      return next;
    };
    try {
      let next = read();
      for (;;) {
        const { value: page, done } = await guard(next, `reading the events after ${reached}`);
        if (done || page.length === 0) break;
        next = read();
        const writes = [...shadows].map(([projection, live]) => this.writeToShadow(projection, live, page, spans));
        await guard(Promise.all(writes), `writing events ${page[0].sequence} to ${page[page.length - 1].sequence}`);
        reached = page[page.length - 1].sequence;
        report(reached);
        await guard(Promise.all([...shadows.keys()].map((projection) => vacuumShadow(this.db, projection))), `vacuuming after event ${reached}`);
      }
    } finally {
      void pages.return(undefined).catch(() => undefined);
    }
    return reached;
  }

  /** One page of a replay: copied in when the projection says how (`Projection.copy`), else applied. */
  private async writeToShadow(
    projection: Projection,
    live: string,
    events: readonly StoredEvent[],
    spans: Map<Projection, CopiedSpan>,
  ): Promise<void> {
    const handles = new Set<EventType>(projection.handles);
    const relevant = events.filter((stored) => handles.has(stored.event.type)) as StoredEventOf<EventType>[];
    if (relevant.length === 0) return;
    const { copy } = projection;
    if (!copy) return this.inShadow(projection, live, (trx) => projection.apply(trx, relevant));
    await this.database.copyRows(
      { schema: shadowSchema(projection), table: copy.table },
      copy.columns,
      relevant.map((stored) => copy.row(stored)),
    );
    const { retention } = copy;
    if (!retention) return;
    const span = spans.get(projection) ?? { oldest: Number.POSITIVE_INFINITY, newest: Number.NEGATIVE_INFINITY };
    spans.set(projection, span);
    const due = () => span.newest - span.oldest > retention.keptMs;
    const wasDue = due();
    for (const stored of relevant) {
      const at = retention.timeOf(stored);
      if (at < span.oldest) span.oldest = at;
      if (at > span.newest) span.newest = at;
    }
    if (!due()) return;
    // The first page that can expire rows: the prune's index, from here on kept up row by row.
    if (!wasDue) await indexForPruning(this.db, projection, live, copy.table);
    await this.inShadow(projection, live, (trx) => retention.prune(trx, relevant.length));
  }

  private async inShadow(projection: Projection, live: string, write: (trx: Transaction<DB>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // A crash loses the whole shadow anyway: no need to wait for each page to reach the disk.
      await sql`set local synchronous_commit = off`.execute(trx);
      await useShadow(trx, projection, live);
      await write(trx);
    });
  }

  /**
   * Stops the live projection, applies the last events to the shadow and swaps it in with the
   * checkpoint, in one transaction; restarts the projection there if it was running.
   */
  private async swapIn(projection: Projection, live: string, reached: number): Promise<number> {
    const { name } = projection;
    const wasRunning = this.subscriptions.has(name);
    await this.subscriptions.get(name)?.stop();
    this.subscriptions.delete(name);
    this.progress.runsHere(name, false);
    let sequence = reached;
    try {
      await this.checkpoints.ensure(this.db, name);
      // Nothing else writes this projection now: the events up to the head read here are the last
      // it needs, read before the transaction (the embedded log reads through the same connection).
      const handles = new Set<EventType>(projection.handles);
      const head = await this.log.lastSequence();
      const tail: StoredEventOf<EventType>[] = [];
      while (sequence < head) {
        const events = await this.log.read(sequence + 1, Math.min(this.rebuildPage, head - sequence));
        if (events.length === 0) break;
        for (const stored of events) if (handles.has(stored.event.type)) tail.push(stored as StoredEventOf<EventType>);
        sequence = events[events.length - 1].sequence;
      }
      await this.serialized(async () => {
        this.unsaved.delete(name);
        await this.db.transaction().execute(async (trx) => {
          await this.checkpoints.lock(trx, name);
          await useShadow(trx, projection, live);
          if (tail.length > 0) await projection.apply(trx, tail);
          await swapInShadow(trx, projection, live);
          await this.checkpoints.set(trx, name, sequence);
        });
      });
      this.positions.delete(name);
      this.progress.reset(name);
      this.progress.advanced(name, sequence, false);
      await this.log.deleteConsumer(consumerName(name));
    } finally {
      // After a failed swap too: the live tables are the old ones, still served and kept current.
      if (wasRunning) await this.startOne(projection);
    }
    return sequence;
  }

  async status(): Promise<ProjectionStatus[]> {
    const [checkpoints, last] = await Promise.all([this.checkpoints.all(), this.log.lastSequence()]);
    return this.projections.map((projection) => {
      const checkpoint = this.checkpointOf(projection.name, checkpoints);
      return {
        name: projection.name,
        checkpoint,
        lag: Math.max(0, last - checkpoint),
        running: this.subscriptions.has(projection.name),
      };
    });
  }

  /**
   * Each projection's lag behind the head, in events and in seconds: the age of the first event it
   * has not applied (one read per distinct checkpoint behind the head).
   */
  async lag(now: Date): Promise<{ readonly head: number; readonly projections: ProjectionLag[] }> {
    const [checkpoints, head] = await Promise.all([this.checkpoints.all(), this.log.lastSequence()]);
    const firstUnapplied = new Map<number, Promise<number>>();
    const occurredAt = (sequence: number) => {
      let time = firstUnapplied.get(sequence);
      if (time === undefined) {
        time = this.log.read(sequence, 1).then(([stored]) => (stored ? Date.parse(stored.event.occurredAt) : now.getTime()));
        firstUnapplied.set(sequence, time);
      }
      return time;
    };
    const projections = await Promise.all(
      this.projections.map(async ({ name }): Promise<ProjectionLag> => {
        const checkpoint = this.checkpointOf(name, checkpoints);
        const events = Math.max(0, head - checkpoint);
        const seconds = events === 0 ? 0 : Math.max(0, (now.getTime() - (await occurredAt(checkpoint + 1))) / 1_000);
        return { name, checkpoint, events, seconds };
      }),
    );
    return { head, projections };
  }

  private async lead(timeoutMs?: number): Promise<void> {
    if (this.leading) return;
    await this.options.leadership?.acquire(timeoutMs);
    this.leading = true;
  }

  private async resign(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    await this.options.leadership?.release();
  }

  private async startOne(projection: Projection, { fromStart = false } = {}): Promise<void> {
    await this.checkpoints.ensure(this.db, projection.name);
    const checkpoint = Math.max(await this.checkpoints.get(projection.name), this.unsaved.get(projection.name) ?? 0);
    this.positions.set(projection.name, checkpoint);
    this.progress.advanced(projection.name, checkpoint);
    const handles = new Set<EventType>(projection.handles);
    const subscription = await this.log.subscribe(
      consumerName(projection.name),
      { fromSequence: checkpoint + 1, maxBatch: this.options.maxBatch ?? 1_000 },
      (batch) => this.project(projection, handles, batch),
    );
    if (fromStart && this.stopped) {
      // stop() came while start() was still subscribing: it must not outlive the projector.
      await subscription.stop();
      return;
    }
    this.subscriptions.set(projection.name, subscription);
    this.progress.runsHere(projection.name, true);
  }

  private async project(projection: Projection, handles: Set<EventType>, batch: readonly StoredEvent[]): Promise<void> {
    const { name } = projection;
    const position = this.positions.get(name) ?? 0;
    const unseen = batch.filter((stored) => stored.sequence > position);
    if (unseen.length === 0) return;
    if (unseen[0].sequence === position + 1 && !unseen.some((stored) => handles.has(stored.event.type))) {
      const last = unseen[unseen.length - 1].sequence;
      this.positions.set(name, last);
      this.unsaved.set(name, last);
      this.progress.advanced(name, last, false);
      this.flushSoon(1);
      return;
    }
    let changedRows = false;
    const reached = await this.db.transaction().execute(async (trx) => {
      // The row may be behind what this projector skipped and has not written yet.
      const checkpoint = Math.max(await this.checkpoints.lock(trx, name), this.unsaved.get(name) ?? 0);
      const fresh = batch.filter((stored) => stored.sequence > checkpoint);
      if (fresh.length === 0) return checkpoint;
      // The log is never truncated and its sequences have no gaps, so anything else is a hole.
      if (fresh[0].sequence !== checkpoint + 1) {
        throw new ProjectionGapError(name, checkpoint, fresh[0].sequence);
      }
      const relevant = fresh.filter((stored) => handles.has(stored.event.type)) as StoredEventOf<EventType>[];
      if (relevant.length > 0) await projection.apply(trx, relevant);
      changedRows = relevant.length > 0;
      const last = fresh[fresh.length - 1].sequence;
      await this.checkpoints.set(trx, name, last);
      return last;
    });
    this.positions.set(name, Math.max(this.positions.get(name) ?? 0, reached));
    if ((this.unsaved.get(name) ?? 0) <= reached) this.unsaved.delete(name);
    this.progress.advanced(name, reached, changedRows);
  }

  /** A checkpoint as stored, or as this projector moved it past events the projection does not apply. */
  private checkpointOf(name: string, stored: ReadonlyMap<string, number>): number {
    return Math.max(stored.get(name) ?? 0, this.unsaved.get(name) ?? 0);
  }

  /** Writes every unsaved checkpoint in one statement; never moves one back. Retried later on failure. */
  private flushCheckpoints(): Promise<void> {
    return this.serialized(async () => {
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.flushTimer = null;
      const entries = [...this.unsaved];
      if (entries.length === 0) return;
      try {
        const values = sql.join(entries.map(([name, sequence]) => sql`(${name}, ${sequence}::bigint)`));
        await sql`update projection_checkpoints as c set sequence = v.sequence, updated_at = now()
          from (values ${values}) as v(name, sequence)
          where c.name = v.name and c.sequence < v.sequence`.execute(this.db);
      } catch (error) {
        this.logger.warn(`checkpoints not written, retrying: ${error instanceof Error ? error.message : String(error)}`);
        this.flushSoon(10);
        return;
      }
      for (const [name, sequence] of entries) if (this.unsaved.get(name) === sequence) this.unsaved.delete(name);
    });
  }

  /** Writes the unsaved checkpoints `times` flush periods from now, unless a write is already due. */
  private flushSoon(times: number): void {
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = null;
      void this.flushCheckpoints();
    }, (this.options.checkpointFlushMs ?? CHECKPOINT_FLUSH_MS) * times);
  }

  private serialized(work: () => Promise<void>): Promise<void> {
    const next = this.checkpointWrites.then(work);
    this.checkpointWrites = next.catch(() => undefined);
    return next;
  }
}
