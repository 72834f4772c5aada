import type { ProjectionProgress } from '../core/projection-progress.js';
import { offReadLane, onReadLane } from '../database/read-lane.js';
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
export interface SeriesSource<K> {
  /** The projection writing the table: each of its commits makes the next read sync. */
  readonly projection: string;
  /** Every key there may be rows of (read in the background once the series is used). */
  readonly keys: readonly K[];
  /** Each key's bounds, or null when it has no rows. */
  bounds(keys: readonly K[]): Promise<(SeriesBounds | null)[]>;
  /** The rows of each span, oldest first (a fixed order for ties), as `columns` columns (the time first, NaN for a null), in span order. */
  read(spans: readonly SeriesSpan<K>[]): Promise<Float64Array[][]>;
  /** How many columns a row has. */
  readonly columns: number;
  /**
   * How far back from a key's newest row each sync reads again: rows older than that no longer
   * change or come (but by a rebuild that keeps more, which reads the key whole again).
   */
  readonly rereadMs: (key: K) => number;
  /** A key is read whole this much time at a time, so its rows as objects never pile up. */
  readonly loadSpanMs: (key: K) => number;
  /**
   * How much of a key is held: its rows within this of its newest (none given: all). Older rows
   * are the table's alone, for the caller to read (TimeColumns.heldFrom says where they begin).
   */
  readonly holdMs?: (key: K) => number;
}

/**
 * One key's rows as typed columns (the first the time, ascending), in [start, end). A sync changes
 * them in place: read them only between awaits.
 */
export class TimeColumns {
  /** Every row of the key timed at or after this is held (Infinity: none is held yet). */
  heldFrom = Number.POSITIVE_INFINITY;
  /** The key's oldest row in the table when last synced (Infinity: none): rows in [tableFrom, heldFrom) are the table's alone (SeriesSource.holdMs). */
  tableFrom = Number.POSITIVE_INFINITY;

  private constructor(
    public columns: Float64Array[],
    public start: number,
    public end: number,
  ) {}

  static empty(count: number): TimeColumns {
    return new TimeColumns(Array.from({ length: count }, () => new Float64Array(0)), 0, 0);
  }

  /** Columns of rows read apart from a series (`rows`, oldest first), to be cut as a series' are. */
  static of(rows: readonly Float64Array[]): TimeColumns {
    const columns = TimeColumns.empty(rows.length);
    columns.append(rows);
    return columns;
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

  /** Forgets the rows older than `ms` (the table's oldest, its projection pruned them; or past holdMs), or all (null: none left). */
  dropBefore(ms: number | null): void {
    this.start = ms === null ? this.end : this.at(ms);
  }

  /** Replaces the rows timed at or after `ms` with `rows` (columns), which are those of the table. */
  replaceFrom(ms: number, rows: readonly Float64Array[]): void {
    this.end = this.at(ms);
    this.append(rows);
  }

  /** Adds `rows` (columns), newer than every row held. */
  append(rows: readonly Float64Array[]): void {
    const count = rows[0].length;
    if (this.end + count > this.times.length) this.makeRoom(count);
    for (let c = 0; c < rows.length; c++) this.columns[c].set(rows[c], this.end);
    this.end += count;
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
 * hourly candles), kept in step with the table instead of read again whole. A key is read whole
 * when first asked for, and then, in the background, every other key, all together a span of
 * time at a time: a table's keys lie interleaved on its pages (ticks of 14 pairs), so reading
 * them key by key read every page once a key, which from a cold disk took seconds a key. After
 * that, each commit of the table's projection makes the next read sync the held keys: the last
 * `rereadMs` of each read again, the rows the projection pruned dropped.
 *
 * As with HotValue, a read never sees rows older than a commit this process knew of when the read
 * began: a sync not yet started reads the projection's version as it starts, and reads that find
 * the series stale join it. Syncs run one at a time on the read lane, and so do the whole reads
 * requests wait for, apart from syncs; the background's runs beside them on the shared pool: a read
 * of a held key never waits for another key's whole read, nor a request for the background's. All
 * read first and then change the columns at once, so between awaits the columns are one state of
 * the table.
 */
export class SyncedSeries<K> {
  private readonly held = new Map<K, TimeColumns>();
  /** The whole read each key not held yet is waiting for, and whether it is the background's. */
  private readonly loading = new Map<K, { readonly done: Promise<void>; readonly background: boolean }>();
  /** The last whole read a request waits for: they run one after another. */
  private loads: Promise<void> = Promise.resolve();
  /** The projection's version (ProjectionProgress) the last finished sync started at; -1: the next read syncs. */
  private synced = -1;
  private running: Promise<void> | null = null;
  /** The next sync, not started yet: every read that finds the series stale joins it. */
  private pending: Promise<void> | null = null;
  /** Whole reads installed so far: a sync during which one was installed did not sync its keys. */
  private installs = 0;
  private warming = false;
  private closed = false;

  constructor(
    private readonly progress: ProjectionProgress,
    private readonly source: SeriesSource<K>,
  ) {}

  /** The keys' columns, in step with every commit this process knew of when called. Read them before the next await. */
  async get(keys: readonly K[]): Promise<TimeColumns[]> {
    const version = this.progress.version(this.source.projection);
    const missing = keys.filter((key) => !this.held.has(key));
    if (missing.length > 0) {
      const loaded = this.load(missing);
      this.warm();
      await loaded;
    }
    if (this.synced !== version || missing.length > 0) await this.nextSync();
    if (this.closed) throw new Error('the series is closed: the process is stopping');
    return keys.map((key) => this.held.get(key)!);
  }

  /** Stops reading keys in the background (the process is stopping). */
  close(): void {
    this.closed = true;
  }

  /** Once the series is first used: every key not held nor being read, in one whole read queued after the first. */
  private warm(): void {
    if (this.warming) return;
    this.warming = true;
    const rest = this.source.keys.filter((key) => !this.held.has(key) && !this.loading.has(key));
    // A failed read is left to the reads that want its keys: they read them again.
    if (rest.length > 0) this.load(rest, { background: true }).catch(() => undefined);
  }

  /**
   * Joins the whole reads under way or queued for the keys, and queues one for the others: on the
   * read lane when a request waits for it, on the shared pool when it is the background's. A
   * request does not join the background's read of a key: that read holds every key not asked
   * for yet (a year of 28 candle keys from a cold disk took a second), so the request reads its
   * key itself, and the background's read leaves it as that installed it (readWhole).
   */
  private load(keys: readonly K[], { background = false } = {}): Promise<void> {
    const waits = new Set<Promise<void>>();
    const rest = keys.filter((key) => {
      const loading = this.loading.get(key);
      if (loading === undefined || (loading.background && !background)) return true;
      waits.add(loading.done);
      return false;
    });
    if (rest.length > 0) {
      const done: Promise<void> = this.loads
        .catch(() => undefined)
        .then(() => (this.closed ? undefined : (background ? offReadLane : onReadLane)(() => this.readWhole(rest))))
        .finally(() => {
          for (const key of rest) if (this.loading.get(key)?.done === done) this.loading.delete(key);
        });
      for (const key of rest) this.loading.set(key, { done, background });
      // The background's read starts after the reads queued before it, and holds up none after it.
      if (!background) this.loads = done;
      waits.add(done);
    }
    return Promise.all(waits).then(() => undefined);
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
   * The bounds of every held key; the last `rereadMs` of each, or the whole key again when its
   * table holds rows older than it does (a rebuild that keeps more). Then the changes.
   */
  private async sync(): Promise<void> {
    const { source } = this;
    const version = this.progress.version(source.projection);
    const installs = this.installs;
    const keys = [...this.held.keys()];
    const bounds = await source.bounds(keys);
    const tails: { key: K; bounds: SeriesBounds | null }[] = [];
    const reread: K[] = [];
    keys.forEach((key, i) => {
      const held = this.held.get(key)!;
      const from = this.heldFrom(key, bounds[i]);
      if (from !== null && held.oldest !== null && from < held.heldFrom) reread.push(key);
      else tails.push({ key, bounds: bounds[i] });
    });
    const whole = reread.length > 0 ? await this.readColumns(reread) : new Map<K, TimeColumns>();
    const spans = tails.map(({ key }): SeriesSpan<K> => {
      const newest = this.held.get(key)!.newest;
      return { key, fromMs: newest === null ? null : newest - source.rereadMs(key), toMs: null };
    });
    const rows = await source.read(spans);

    for (const [key, columns] of whole) this.held.set(key, columns);
    tails.forEach(({ key, bounds: keyBounds }, span) => {
      const columns = this.held.get(key)!;
      columns.replaceFrom(spans[span].fromMs ?? Number.NEGATIVE_INFINITY, rows[span]);
      const from = this.heldFrom(key, keyBounds);
      columns.dropBefore(from);
      this.heldAt(columns, from, keyBounds);
    });
    // Keys a whole read installed meanwhile were not in this sync: the next read syncs them.
    this.synced = this.installs === installs ? version : -1;
  }

  /**
   * Reads the keys whole and holds those still not held (a request's own read may have installed
   * one meanwhile); the next read syncs them with what came meanwhile.
   */
  private async readWhole(keys: readonly K[]): Promise<void> {
    const columns = await this.readColumns(keys);
    for (const [key, held] of columns) if (!this.held.has(key)) this.held.set(key, held);
    this.installs += 1;
    this.synced = -1;
  }

  /**
   * The keys' rows, all keys a span of time at a time from the oldest (keys that take the same
   * span together), each key's last span open-ended: rows may come meanwhile.
   */
  private async readColumns(keys: readonly K[]): Promise<Map<K, TimeColumns>> {
    const { source } = this;
    const bounds = await source.bounds(keys);
    const columns = new Map<K, TimeColumns>(keys.map((key) => [key, TimeColumns.empty(source.columns)]));
    const froms = keys.map((key, i) => this.heldFrom(key, bounds[i]));
    const steps = new Map<number, number[]>();
    keys.forEach((key, i) => {
      this.heldAt(columns.get(key)!, froms[i], bounds[i]);
      if (bounds[i] === null) return;
      const step = source.loadSpanMs(key);
      steps.set(step, [...(steps.get(step) ?? []), i]);
    });
    for (const [step, group] of steps) {
      const from = Math.min(...group.map((i) => froms[i]!));
      for (let start = from; ; start += step) {
        // Each key from the first row it holds until its span holds its newest (as it was when the bounds were read).
        const open = group.filter((i) => bounds[i]!.newest >= start && froms[i]! < start + step);
        if (group.every((i) => bounds[i]!.newest < start)) break;
        if (open.length === 0) continue;
        const spans = open.map((i): SeriesSpan<K> => ({
          key: keys[i],
          fromMs: Math.max(start, froms[i]!),
          toMs: start + step > bounds[i]!.newest ? null : start + step,
        }));
        const rows = await source.read(spans);
        spans.forEach((span, s) => columns.get(span.key)!.append(rows[s]));
      }
    }
    return columns;
  }

  /** From when a key's columns hold every row: its table's oldest, or its newest less holdMs when later (null: the table has none). */
  private heldFrom(key: K, bounds: SeriesBounds | null): number | null {
    if (bounds === null) return null;
    const holdMs = this.source.holdMs?.(key) ?? Number.POSITIVE_INFINITY;
    return Math.max(bounds.oldest, bounds.newest - holdMs);
  }

  /** Records on a key's columns what heldFrom gave for the table's `bounds`. */
  private heldAt(columns: TimeColumns, from: number | null, bounds: SeriesBounds | null): void {
    columns.heldFrom = from ?? Number.NEGATIVE_INFINITY;
    columns.tableFrom = bounds?.oldest ?? Number.POSITIVE_INFINITY;
  }
}
