import type { ProjectionProgress } from '../core/projection-progress.js';
import { onReadLane } from '../database/read-lane.js';
import type { DB } from '../database/schema.js';
import { ALL_PROJECTIONS } from '../read-models/projections.js';

export interface HotValueOptions<V> {
  /** The tables the value is read from: a commit of any projection writing one makes it stale. */
  readonly tables: readonly (keyof DB & string)[];
  /**
   * The longest a value is kept even when nothing was projected, for values that change with
   * time alone (a 24 h change, an expiry, "upcoming").
   */
  readonly maxAgeMs: number;
  /**
   * Whether a commit to `tables` can change the value (default true). A value no commit can
   * change (a window that ends before the newest rows, a chart of closed hours) is read again
   * only when `maxAgeMs` passes.
   */
  readonly followsCommits?: boolean;
  readonly load: () => Promise<V>;
  readonly now?: () => number;
  /** Told each value as it becomes the one held. (A method: a HotValue of a narrower value is one of a wider value.) */
  onKeep?(value: V): void;
  /** Told each value as it stops being the one held: a newer one replaced it, or its holder dropped it. */
  onDrop?(value: V): void;
}

/** A value now, or a promise of it: what a read of held values gives (await takes both). */
export type Awaitable<V> = V | Promise<V>;

interface Built<V> {
  readonly value: V;
  /** Each projection's version (ProjectionProgress.version) as this process knew it before the rows were read. */
  readonly versions: readonly number[];
  readonly at: number;
  /** Reloads are numbered as they start: an older one finishing late never replaces a newer value. */
  readonly generation: number;
}

/**
 * A value read from the read models and held in memory (an answer's bytes: HotReadModel; a
 * series of candles: PriceCandleSeries), so a hot read costs a look-up instead of a query.
 *
 * It is fresh while none of its projections changed rows since the versions seen before its rows
 * were read (a checkpoint moved by events the projection does not apply changes nothing), and it
 * is younger than `maxAgeMs`. Projection progress in this process is what a command waits on
 * before it answers (read-your-writes) and what the live follower records after each projection
 * commit, in the embedded and the distributed mode alike: so a read never gets a value older
 * than a change a command already reported done. Concurrent reads of a stale value share one reload.
 */
export class HotValue<V> {
  private built: Built<V> | null = null;
  private loading: { readonly versions: readonly number[]; readonly promise: Promise<Built<V>> } | null = null;
  private readonly now: () => number;
  private readonly projections: readonly string[];
  private generations = 0;

  constructor(
    private readonly progress: ProjectionProgress,
    private readonly options: HotValueOptions<V>,
  ) {
    this.now = options.now ?? Date.now;
    this.projections = projectionsWriting(options.tables);
  }

  /**
   * The value itself while the one held is fresh (a hot route then answers in the request's own
   * turn, without a promise's), else a promise of it read again.
   */
  get(): Awaitable<V> {
    const built = this.built;
    if (built !== null && this.fresh(built)) return built.value;
    return this.reload().then((next) => next.value);
  }

  /** Lets go of the value held (its holder no longer keeps this HotValue); a read under way still keeps its value. */
  drop(): void {
    const built = this.built;
    this.built = null;
    if (built !== null) this.options.onDrop?.(built.value);
  }

  /** Whether `value` is the one held now. */
  holds(value: V): boolean {
    return this.built !== null && this.built.value === value;
  }

  private fresh(built: Built<V>): boolean {
    // Rows no projection writes (tables the staff tools will fill) change without a commit this
    // process could see: such a value is read for each request (concurrent ones still share a read).
    if (this.projections.length === 0) return false;
    if (this.now() - built.at >= this.options.maxAgeMs) return false;
    return this.options.followsCommits === false || this.sameVersions(built.versions);
  }

  private sameVersions(versions: readonly number[]): boolean {
    const { projections } = this;
    for (let i = 0; i < projections.length; i++) {
      if (this.progress.version(projections[i]) !== versions[i]) return false;
    }
    return true;
  }

  /**
   * Joins a reload under way only if it started at the versions known now: one that started
   * before a projection changed rows may have read them before the change.
   */
  private reload(): Promise<Built<V>> {
    if (this.loading !== null && this.sameVersions(this.loading.versions)) return this.loading.promise;
    const versions = this.projections.map((name) => this.progress.version(name));
    const at = this.now();
    const generation = ++this.generations;
    // Requests wait on this read: it never queues behind writes for a connection.
    const promise = onReadLane(() => this.options.load())
      .then((value) => {
        const built: Built<V> = { value, versions, at, generation };
        const replaced = this.built;
        if (replaced === null || replaced.generation < generation) {
          this.built = built;
          this.options.onKeep?.(value);
          if (replaced !== null) this.options.onDrop?.(replaced.value);
        }
        return built;
      })
      .finally(() => {
        if (this.loading?.promise === promise) this.loading = null;
      });
    this.loading = { versions, promise };
    return promise;
  }
}

/** projectionsWriting's answer for each list of tables: one array for a route's thousands of per-query values. */
const writers = new WeakMap<readonly string[], readonly string[]>();

/** The projections that write any of these tables (none yet for a table only staff tools will fill). */
function projectionsWriting(tables: readonly string[]): readonly string[] {
  let names = writers.get(tables);
  if (names === undefined) {
    names = ALL_PROJECTIONS.filter((projection) => projection.tables.some((table) => tables.includes(table))).map((p) => p.name);
    writers.set(tables, names);
  }
  return names;
}
