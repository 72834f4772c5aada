import { Logger } from '@nestjs/common';
import type { EventType } from '@xsd/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../database/schema.js';
import type { EventLog, StoredEvent, Subscription } from '../event-log/event-log.js';
import { CheckpointsRepository, consumerName } from '../core/checkpoints.repository.js';
import type { Projection, StoredEventOf } from './projection.js';
import type { ProjectionProgress } from '../core/projection-progress.js';
import type { ProjectorLeadership } from './projector-leadership.js';

export interface ProjectorOptions {
  /** Most events per transaction. Larger batches project faster; smaller ones commit sooner. */
  readonly maxBatch?: number;
  /** Keeps a second projector on the same database on standby; none means this one always leads. */
  readonly leadership?: ProjectorLeadership;
  /** How long a rebuild waits for another running projector to let go. */
  readonly rebuildLeadershipTimeoutMs?: number;
  /** CHECKPOINT_FLUSH_MS unless set (tests hold checkpoints unwritten with a long one). */
  readonly checkpointFlushMs?: number;
}

/**
 * A batch with none of the events a projection applies changes no row: its checkpoint then moves
 * in memory at once and is written with the other projections' in one statement this much later,
 * instead of one transaction a projection an event (every projection reads every event).
 */
export const CHECKPOINT_FLUSH_MS = 100;

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

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: EventLog,
    readonly projections: readonly Projection[],
    private readonly progress: ProjectionProgress,
    private readonly options: ProjectorOptions = {},
  ) {
    this.checkpoints = new CheckpointsRepository({ db });
    this.byName = new Map(projections.map((projection) => [projection.name, projection]));
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
    await Promise.all(this.projections.map((projection) => this.startOne(projection, { fromStart: true })));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const running = [...this.subscriptions.values()];
    this.subscriptions.clear();
    await Promise.all(running.map((subscription) => subscription.stop()));
    await this.flushCheckpoints();
    await this.resign();
  }

  /**
   * Empties a projection's tables and checkpoint and replays the log from sequence 1. Resolves when
   * the projection has caught up with the log as it was when the rebuild began.
   */
  async rebuild(name: string, { timeoutMs = 300_000 } = {}): Promise<{ sequence: number; elapsedMs: number }> {
    const projection = this.byName.get(name);
    if (!projection) throw new UnknownProjectionError(name, this.names);
    const started = Date.now();
    const wasRunning = this.subscriptions.has(name);
    const wasLeading = this.leading;
    if (!wasLeading) await this.lead(this.options.rebuildLeadershipTimeoutMs ?? 5_000);
    await this.subscriptions.get(name)?.stop();
    this.subscriptions.delete(name);

    await this.checkpoints.ensure(this.db, name);
    await this.serialized(async () => {
      this.unsaved.delete(name);
      this.positions.delete(name);
      await this.db.transaction().execute(async (trx) => {
        await this.checkpoints.lock(trx, name);
        for (const table of projection.tables) await sql`delete from ${sql.table(table)}`.execute(trx);
        await this.checkpoints.set(trx, name, 0);
      });
    });
    this.progress.reset(name);
    await this.log.deleteConsumer(consumerName(name));

    const target = await this.log.lastSequence();
    await this.startOne(projection);
    await this.progress.waitFor(name, target, timeoutMs);
    if (!wasRunning) {
      await this.subscriptions.get(name)?.stop();
      this.subscriptions.delete(name);
    }
    if (!wasLeading) await this.resign();
    return { sequence: target, elapsedMs: Date.now() - started };
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
