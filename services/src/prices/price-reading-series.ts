import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import type { PublicPricesQuery } from '@xsd/contracts/api/prices-query';
import { DAY_MS, MINUTE_MS } from '@xsd/contracts/rules/time';
import { ProjectionProgress } from '../core/projection-progress.js';
import { onReadLane } from '../database/read-lane.js';
import { type PairReadingRow, PriceHistoryRepository, type ReadingBounds, type ReadingSpan } from '../read-models/price-history/price-history.repository.js';
import { PRICE_PAIRS } from '../read-models/retention.js';
import { lowerBound } from './lower-bound.js';

const PROJECTION = 'price_history';
/**
 * How far back from a pair's newest reading each sync reads again. Readings come in read-time
 * order per pair (one a tick slot, ingestor replicas deduplicated by slot), so a reading older
 * than this that was not there before cannot appear but by a rebuild with another retention,
 * which extends the head (see sync).
 */
const REREAD_MS = 10 * MINUTE_MS;
/** A pair is loaded a week at a time, so its rows as objects never pile up (a quarter of 30 s ticks is 259,200). */
const LOAD_SPAN_MS = 7 * DAY_MS;

/**
 * Readings of a page, newest first, copied out of the series (which later syncs change): each
 * row's pair (an index into `pairs`), read time (epoch ms), price and block (NaN: none).
 */
export interface ReadingPage {
  readonly pairs: readonly { readonly token: TokenName; readonly chain: ChainName }[];
  readonly pair: Uint8Array;
  readonly atMs: Float64Array;
  readonly prices: Float64Array;
  readonly blocks: Float64Array;
}

/** One pair's readings, oldest first (ties in event id order), in [start, end) of its columns. */
class PairColumns {
  private constructor(
    public atMs: Float64Array,
    public prices: Float64Array,
    public blocks: Float64Array,
    public start: number,
    public end: number,
  ) {}

  static empty(): PairColumns {
    return new PairColumns(new Float64Array(0), new Float64Array(0), new Float64Array(0), 0, 0);
  }

  get newest(): number | null {
    return this.end > this.start ? this.atMs[this.end - 1] : null;
  }

  get oldest(): number | null {
    return this.end > this.start ? this.atMs[this.start] : null;
  }

  /** Forgets the readings older than `ms` (the table's oldest: retention pruned them). */
  dropBefore(ms: number | null): void {
    this.start = ms === null ? this.end : lowerBound(this.atMs, ms, this.start, this.end);
  }

  /** Replaces the readings at or after `ms` with `rows` [from, to), which are those of the table. */
  replaceFrom(ms: number, rows: readonly PairReadingRow[], from: number, to: number): void {
    this.end = lowerBound(this.atMs, ms, this.start, this.end);
    this.append(rows, from, to);
  }

  /** Adds `rows` [from, to), newer than every reading held. */
  append(rows: readonly PairReadingRow[], from = 0, to = rows.length): void {
    const count = to - from;
    if (this.end + count > this.atMs.length) this.makeRoom(count);
    for (let i = from; i < to; i++) {
      const row = rows[i];
      this.atMs[this.end] = row.at_ms;
      this.prices[this.end] = row.price;
      this.blocks[this.end] = row.block_number ?? Number.NaN;
      this.end += 1;
    }
  }

  /**
   * Moves the readings to the front of their columns, or into new columns an eighth larger than
   * needed when they would be more than 7/8 full: an eighth of a quarter's ticks is days of them,
   * so a pair whose head is pruned as its tail grows moves its readings every few days.
   */
  private makeRoom(count: number): void {
    const length = this.end - this.start;
    const needed = length + count;
    const capacity = needed <= (this.atMs.length * 7) / 8 ? this.atMs.length : Math.ceil(needed * 1.125) + 1_024;
    const move = (column: Float64Array): Float64Array => {
      if (capacity === column.length) return column.copyWithin(0, this.start, this.end);
      const moved = new Float64Array(capacity);
      moved.set(column.subarray(this.start, this.end));
      return moved;
    };
    this.atMs = move(this.atMs);
    this.prices = move(this.prices);
    this.blocks = move(this.blocks);
    this.start = 0;
    this.end = length;
  }
}

/**
 * Each token and chain's raw readings (the last XSD_RAW_PRICE_DAYS, 90 by default) held as typed
 * columns, 24 bytes a reading, for /api/v1/prices: its windows are any two instants, and a page of
 * 1,000 readings read from PostgreSQL cost the database a few milliseconds (the rows of 14 pairs
 * lie interleaved on its pages), which held the route to a few hundred new pages a second at a
 * year of data. A pair is read whole when first asked for; after that, each commit to
 * price_history makes the next read sync every held pair with the table: the readings of its
 * last REREAD_MS read again, and those the projection pruned dropped.
 */
@Injectable()
export class PriceReadingSeries implements OnModuleDestroy {
  /** By the pair's index in PRICE_PAIRS. */
  private readonly held = new Map<number, PairColumns>();
  /** Pairs asked for and not held yet: the next sync reads them whole. */
  private readonly wanted = new Set<number>();
  /** The price_history version (ProjectionProgress) the last finished sync started at. */
  private synced = -1;
  private running: Promise<void> | null = null;
  /** The next sync, not started yet: every read that finds the series stale joins it. */
  private pending: Promise<void> | null = null;
  /** Whether the pairs not asked for are being read in the background (warm), and whether that is to stop. */
  private warming = false;
  private closing = false;

  constructor(
    private readonly readings: PriceHistoryRepository,
    private readonly progress: ProjectionProgress,
  ) {}

  onModuleDestroy(): void {
    this.closing = true;
  }

  /** The newest `limit` readings read in [from, to] of the query's pairs, newest first; at one instant, in PRICE_PAIRS' order. */
  async page({ token, chain, from, to, limit }: PublicPricesQuery): Promise<ReadingPage> {
    const indices: number[] = [];
    PRICE_PAIRS.forEach((pair, index) => {
      if ((token === null || pair.token === token) && (chain === null || pair.chain === chain)) indices.push(index);
    });
    await this.fresh(indices);
    // From here on nothing awaits: no sync changes the columns while the page is copied.
    const fromMs = from === null ? Number.NEGATIVE_INFINITY : from.getTime();
    const toMs = to === null ? Number.POSITIVE_INFINITY : to.getTime();
    const sources = indices.map((index) => this.held.get(index)!);
    // Each pair's window, cut to its newest `limit`: positions walk down from `next` to `stop`.
    const next = sources.map((c) => lowerBound(c.atMs, toMs === Number.POSITIVE_INFINITY ? toMs : toMs + 1, c.start, c.end) - 1);
    const stop = sources.map((c, i) => Math.max(lowerBound(c.atMs, fromMs, c.start, c.end), next[i] + 1 - limit));
    let count = 0;
    for (let i = 0; i < sources.length; i++) count += Math.max(0, next[i] + 1 - stop[i]);
    count = Math.min(count, limit);
    const page: ReadingPage = {
      pairs: indices.map((index) => PRICE_PAIRS[index]),
      pair: new Uint8Array(count),
      atMs: new Float64Array(count),
      prices: new Float64Array(count),
      blocks: new Float64Array(count),
    };
    for (let row = 0; row < count; row++) {
      // The newest reading left; at one instant, the first pair in the table's order.
      let source = -1;
      for (let i = 0; i < sources.length; i++) {
        if (next[i] >= stop[i] && (source === -1 || sources[i].atMs[next[i]] > sources[source].atMs[next[source]])) source = i;
      }
      const columns = sources[source];
      const at = next[source]--;
      page.pair[row] = source;
      page.atMs[row] = columns.atMs[at];
      page.prices[row] = columns.prices[at];
      page.blocks[row] = columns.blocks[at];
    }
    return page;
  }

  /** Makes the pairs held and synced with every price_history commit this process knew of when called. */
  private async fresh(indices: readonly number[]): Promise<void> {
    const missing = indices.filter((index) => !this.held.has(index));
    if (missing.length === 0 && this.synced === this.progress.version(PROJECTION)) return;
    for (const index of missing) this.wanted.add(index);
    if (!this.warming) {
      this.warming = true;
      void this.warm();
    }
    await this.nextSync();
  }

  /**
   * After the first page, the pairs not asked for yet are read one a sync in the background, so a
   * page of any pair soon finds it held instead of waiting for its whole read (a few hundred
   * milliseconds at a quarter's ticks), and no sync holds the pages waiting on it for long.
   */
  private async warm(): Promise<void> {
    for (let index = 0; index < PRICE_PAIRS.length && !this.closing; index++) {
      if (this.held.has(index)) continue;
      this.wanted.add(index);
      // A failed read is left to the pages that want the pair: they read it again.
      await this.nextSync().catch(() => undefined);
    }
  }

  /** The next sync, not started yet (it reads the version when it starts: it covers every commit known now). */
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
   * Reads first, then changes the held columns at once (nothing awaits between the changes): the
   * bounds of every pair, whole the pairs wanted and those whose table holds readings older than
   * they do (a rebuild that keeps more), and the last REREAD_MS of the others.
   */
  private async sync(): Promise<void> {
    const version = this.progress.version(PROJECTION);
    const indices = [...this.held.keys(), ...this.wanted];
    const bounds = await this.readings.readingBounds(indices.map((index) => PRICE_PAIRS[index]));
    const whole: number[] = [];
    const tails: number[] = [];
    indices.forEach((index, i) => {
      const heldOldest = this.held.get(index)?.oldest ?? null;
      const oldest = bounds[i]?.oldest ?? null;
      if (!this.held.has(index) || (oldest !== null && heldOldest !== null && oldest < heldOldest)) whole.push(index);
      else tails.push(index);
    });
    const loaded = new Map<number, PairColumns>();
    for (const index of whole) loaded.set(index, await this.readWhole(index, bounds[indices.indexOf(index)]));
    const spans: ReadingSpan[] = tails.map((index) => {
      const newest = this.held.get(index)!.newest;
      return { ...PRICE_PAIRS[index], fromMs: newest === null ? null : newest - REREAD_MS, toMs: null };
    });
    const rows = await this.readings.readingColumns(spans);

    for (const [index, columns] of loaded) {
      this.held.set(index, columns);
      this.wanted.delete(index);
    }
    let at = 0;
    tails.forEach((index, i) => {
      const end = endOfPair(rows, i, at);
      const columns = this.held.get(index)!;
      columns.replaceFrom(spans[i].fromMs ?? Number.NEGATIVE_INFINITY, rows, at, end);
      columns.dropBefore(bounds[indices.indexOf(index)]?.oldest ?? null);
      at = end;
    });
    this.synced = version;
  }

  /** A pair's readings, a span at a time from its oldest (the last span open-ended: readings may come meanwhile). */
  private async readWhole(index: number, bounds: ReadingBounds | null): Promise<PairColumns> {
    const columns = PairColumns.empty();
    if (bounds === null) return columns;
    for (let from = bounds.oldest; ; from += LOAD_SPAN_MS) {
      const last = from + LOAD_SPAN_MS > bounds.newest;
      columns.append(await this.readings.readingColumns([{ ...PRICE_PAIRS[index], fromMs: from, toMs: last ? null : from + LOAD_SPAN_MS }]));
      if (last) return columns;
    }
  }
}

/** The end of pair `pair`'s rows, which start at `from` (rows are in pair order). */
function endOfPair(rows: readonly PairReadingRow[], pair: number, from: number): number {
  let end = from;
  while (end < rows.length && rows[end].pair === pair) end += 1;
  return end;
}
