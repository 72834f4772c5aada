import { EventEmitter } from 'node:events';
import type { CheckpointsRepository } from './checkpoints.repository.js';

/** A command's change is stored but its read model did not catch up within the bounded wait. */
export class ReadModelTimeoutError extends Error {
  override name = 'ReadModelTimeoutError';
  constructor(
    readonly projection: string,
    readonly sequence: number,
    readonly timeoutMs: number,
  ) {
    super(
      `The change was saved (event ${sequence}) but the ${projection} view did not show it within ${timeoutMs} ms. ` +
        'Refresh in a moment.',
    );
  }
}

const POLL_MS = 20;

/**
 * Read-your-writes: a command waits here until the projection it reads has reached the sequence
 * it appended. A projector in this process announces progress at once; one in another process
 * (distributed mode) is seen by polling its checkpoint row, which is only read for projections no
 * projector in this process runs.
 */
export class ProjectionProgress {
  private readonly known = new Map<string, number>();
  private readonly versions = new Map<string, number>();
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  /** Projections a projector in this process runs: it announces every step of theirs (advanced). */
  private readonly runHere = new Set<string>();

  constructor(private readonly checkpoints: CheckpointsRepository) {}

  /**
   * Called by the projector after each committed batch, and by the polls below. `changedRows` is
   * false only when the projector knows the batch held none of the events the projection applies:
   * every projection reads every event, so most batches move a checkpoint without touching a row.
   */
  advanced(projection: string, sequence: number, changedRows = true): void {
    if (sequence <= (this.known.get(projection) ?? 0)) return;
    this.known.set(projection, sequence);
    if (changedRows) this.bump(projection);
    this.emitter.emit(projection, sequence);
  }

  /**
   * Moves whenever a projection's rows may have changed in this process's view (and never
   * otherwise once the projector runs here): an answer read at one version is still right while
   * the version stays, which is what the in-memory answers check (HotReadModel).
   */
  version(projection: string): number {
    return this.versions.get(projection) ?? 0;
  }

  private bump(projection: string): void {
    this.versions.set(projection, this.version(projection) + 1);
  }

  /** The checkpoint this process last saw for a projection (0 when it has seen none). */
  reached(projection: string): number {
    return this.known.get(projection) ?? 0;
  }

  /** The furthest checkpoint this process knows of any projection: every change it reported done is at or below it. */
  highest(): number {
    let highest = 0;
    for (const reached of this.known.values()) if (reached > highest) highest = reached;
    return highest;
  }

  /**
   * Called by a projector in this process as it starts and stops running `projection`. While it
   * runs, a wait for the projection reads no checkpoint row: embedded, every waiting request polled
   * PGlite's one thread 50 times a second, beside the projector's own queries.
   */
  runsHere(projection: string, running: boolean): void {
    if (running) this.runHere.add(projection);
    else this.runHere.delete(projection);
  }

  /** Called on rebuild, when a checkpoint goes back to zero. */
  reset(projection: string): void {
    this.known.set(projection, 0);
    this.bump(projection);
  }

  /** Resolves once the projection has reached `sequence`; rejects at the timeout, or with the signal's reason once it aborts. */
  async waitFor(projection: string, sequence: number, timeoutMs = 5_000, signal?: AbortSignal): Promise<void> {
    if ((this.known.get(projection) ?? 0) >= sequence) return;
    signal?.throwIfAborted();
    const deadline = Date.now() + timeoutMs;
    await new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      let done = false;
      const finish = (error?: unknown) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.emitter.off(projection, onAdvance);
        signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve();
      };
      const onAbort = () => finish(signal!.reason);
      signal?.addEventListener('abort', onAbort);
      const onAdvance = (reached: number) => {
        if (reached >= sequence) finish();
      };
      const poll = async () => {
        if (!this.runHere.has(projection)) {
          try {
            const reached = await this.checkpoints.get(projection);
            this.advanced(projection, reached);
            if (reached >= sequence) return finish();
          } catch {
            // A failed poll is retried until the deadline; the timeout error says what matters.
          }
        }
        if (done) return;
        if (Date.now() >= deadline) return finish(new ReadModelTimeoutError(projection, sequence, timeoutMs));
        timer = setTimeout(poll, Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
      };
      this.emitter.on(projection, onAdvance);
      void poll();
    });
  }
}
