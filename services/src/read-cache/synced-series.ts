import type { ProjectionProgress } from '../core/projection-progress.js';
import { onReadLane } from '../database/read-lane.js';
import { lowerBound } from './lower-bound.js';

/** A key's rows timed in [fromMs, toMs) (epoch ms; null: unbounded). */
export interface SeriesSpan<K> {
  readonly key: K;
  readonly fromMs: number | null;
  readonly toMs: number | null;
}

/** A key's oldest and newest row times, epoch ms. */
export interface SeriesBounds {
  readonly oldest: number;
  readonly newest: number;
}

/** Where a series' rows come from: a read model's table, each key's rows ordered by time. */
export interface SeriesSource<K, R extends { readonly span: number }> {
  /** The projection writing the table: each of its commits makes the next read sync. */
  readonly projection: string;
  /** Every key there may be rows of (read in the background once the series is used). */
  readonly keys: readonly K[];
  /** Each key's bounds, or null when it has no rows. */
  bounds(keys: readonly K[]): Promise<(SeriesBounds | null)[]>;
  /** The rows of every span, oldest first within a span (a fixed order for ties), in span order; `span` is the span's index. */
  read(spans: readonly SeriesSpan<K>[]): Promise<R[]>;
  /** Each column's value of a row, the time first (NaN for a null). */
  readonly columns: readonly ((row: R) => number)[];
  /**
   * How far back from a key's newest row each sync reads again: rows older than that no longer
   * change or come (but by a rebuild that keeps more, which reads the key whole again).
   */
  readonly rereadMs: (key: K) => number;
  /** A key is read whole this much time at a time, so its rows as objects never pile up. */
  readonly loadSpanMs: (key: K) => number;
}

/**
 * One key's rows as typed columns (the first the time, ascending), in [start, end). A sync changes
 * them in place: read them only between awaits.
 */
export class TimeColumns {
  private constructor(
    public columns: Float64Array[],
    public start: number,
    public end: number,
  ) {}

  static empty(count: number): TimeColumns {
    return new TimeColumns(Array.from({ length: count }, () => new Float64Array(0)), 0, 0);
  }

  get times(): Float64Array {
    return this.columns[0];
  }

  get length(): number {
    return this.end - this.start;
  }

  get newest(): number | null {
    return this.end > this.start ? this.times[this.end - 1] : null;
  }

  get oldest(): number | null {
    return this.end > this.start ? this.times[this.start] : null;
  }

  /** The first position at or after `start` whose time is at least `ms` (`end` when none is). */
  at(ms: number): number {
    return lowerBound(this.times, ms, this.start, this.end);
  }

  /** Forgets the rows older than `ms` (the table's oldest: its projection pruned them), or all (null: none left). */
  dropBefore(ms: number | null): void {
    this.start = ms === null ? this.end : this.at(ms);
  }

  /** Replaces the rows timed at or after `ms` with `rows` [from, to), which are those of the table. */
  replaceFrom<R>(ms: number, rows: readonly R[], from: number, to: number, values: readonly ((row: R) => number)[]): void {
    this.end = this.at(ms);
    this.append(rows, from, to, values);
  }

  /** Adds `rows` [from, to), newer than every row held. */
  append<R>(rows: readonly R[], from: number, to: number, values: readonly ((row: R) => number)[]): void {
    if (this.end + (to - from) > this.times.length) this.makeRoom(to - from);
    for (let c = 0; c < values.length; c++) {
      const column = this.columns[c];
      const value = values[c];
      for (let i = from, at = this.end; i < to; i++, at++) column[at] = value(rows[i]);
    }
    this.end += to - from;
  }

  /**
   * Moves the rows to the front of their columns, or into new columns an eighth larger than needed
   * when they would be more than 7/8 full: a key whose head is pruned as its tail grows (a quarter
   * of readings, a year of hours) moves its rows once its spare eighth has filled, days apart.
   */
  private makeRoom(count: number): void {
    const length = this.length;
    const needed = length + count;
    const capacity = needed <= (this.times.length * 7) / 8 ? this.times.length : Math.ceil(needed * 1.125) + 1_024;
    this.columns = this.columns.map((column) => {
      if (capacity === column.length) return column.copyWithin(0, this.start, this.end);
      const moved = new Float64Array(capacity);
      moved.set(column.subarray(this.start, this.end));
      return moved;
    });
    this.start = 0;
    this.end = length;
  }
}

/**
 * A read model's rows held in memory as typed columns per key (a token and chain's readings, its
 * hourly candles), kept in step with the table instead of read again whole: a key is read whole
 * when first asked for (then, in the background, every other key, one a sync, so a key soon
 * finds itself held); after that, each commit of the table's projection makes the next read sync
 * every held key: its last `rereadMs` read again, the rows the projection pruned dropped.
 *
 * As with HotValue, a read never sees the rows older than a commit this process knew of when the
 * read began (a sync not yet started reads the projection's version as it starts; reads that find
 * the series stale join it), and syncs run one at a time on the read lane. A sync reads first and
 * then changes the columns all at once, so between awaits they are always one state of the table.
 */
export class SyncedSeries<K, R extends { readonly span: number }> {
  private readonly held = new Map<K, TimeColumns>();
  /** Keys asked for and not held yet: the next sync reads them whole. */
  private readonly wanted = new Set<K>();
  /** The projection's version (ProjectionProgress) the last finished sync started at. */
  private synced = -1;
  private running: Promise<void> | null = null;
  /** The next sync, not started yet: every read that finds the series stale joins it. */
  private pending: Promise<void> | null = null;
  private warming = false;
  private closed = false;

  constructor(
    private readonly progress: ProjectionProgress,
    private readonly source: SeriesSource<K, R>,
  ) {}

  /** The keys' columns, in step with every commit this process knew of when called. Read them before the next await. */
  async get(keys: readonly K[]): Promise<TimeColumns[]> {
    const missing = keys.filter((key) => !this.held.has(key));
    if (missing.length > 0 || this.synced !== this.progress.version(this.source.projection)) {
      for (const key of missing) this.wanted.add(key);
      if (!this.warming) {
        this.warming = true;
        void this.warm();
      }
      await this.nextSync();
    }
    return keys.map((key) => this.held.get(key)!);
  }

  /** Stops reading keys in the background (the process is stopping). */
  close(): void {
    this.closed = true;
  }

  /** Every key not asked for yet, one a sync: no sync holds the reads waiting on it for long. */
  private async warm(): Promise<void> {
    for (const key of this.source.keys) {
      if (this.closed) return;
      if (this.held.has(key)) continue;
      this.wanted.add(key);
      // A failed read is left to the reads that want the key: they read it again.
      await this.nextSync().catch(() => undefined);
    }
  }

  private nextSync(): Promise<void> {
    this.pending ??= (this.running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        const run = onReadLane(() => this.sync()).finally(() => {
          if (this.running === run) this.running = null;
        });
        this.running = run;
        this.pending = null;
        return run;
      });
    return this.pending;
  }

  /**
   * The bounds of every key; whole, the keys wanted and those whose table holds rows older than
   * they do (a rebuild that keeps more); the last `rereadMs` of the others. Then the changes.
   */
  private async sync(): Promise<void> {
    const { source } = this;
    const version = this.progress.version(source.projection);
    const keys = [...this.held.keys(), ...this.wanted];
    const bounds = await source.bounds(keys);
    const loaded = new Map<K, TimeColumns>();
    const tails: { key: K; bounds: SeriesBounds | null }[] = [];
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const heldOldest = this.held.get(key)?.oldest ?? null;
      const oldest = bounds[i]?.oldest ?? null;
      if (!this.held.has(key) || (oldest !== null && heldOldest !== null && oldest < heldOldest)) loaded.set(key, await this.readWhole(key, bounds[i]));
      else tails.push({ key, bounds: bounds[i] });
    }
    const spans = tails.map(({ key }): SeriesSpan<K> => {
      const newest = this.held.get(key)!.newest;
      return { key, fromMs: newest === null ? null : newest - source.rereadMs(key), toMs: null };
    });
    const rows = await source.read(spans);

    for (const [key, columns] of loaded) {
      this.held.set(key, columns);
      this.wanted.delete(key);
    }
    let at = 0;
    tails.forEach(({ key, bounds: keyBounds }, span) => {
      let end = at;
      while (end < rows.length && rows[end].span === span) end += 1;
      const columns = this.held.get(key)!;
      columns.replaceFrom(spans[span].fromMs ?? Number.NEGATIVE_INFINITY, rows, at, end, source.columns);
      columns.dropBefore(keyBounds?.oldest ?? null);
      at = end;
    });
    this.synced = version;
  }

  /** A key's rows, a span at a time from its oldest (the last span open-ended: rows may come meanwhile). */
  private async readWhole(key: K, bounds: SeriesBounds | null): Promise<TimeColumns> {
    const { source } = this;
    const columns = TimeColumns.empty(source.columns.length);
    if (bounds === null) return columns;
    const step = source.loadSpanMs(key);
    for (let from = bounds.oldest; ; from += step) {
      const last = from + step > bounds.newest;
      const rows = await source.read([{ key, fromMs: from, toMs: last ? null : from + step }]);
      columns.append(rows, 0, rows.length, source.columns);
      if (last) return columns;
    }
  }
}
