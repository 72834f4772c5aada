import { availableParallelism } from 'node:os';

/**
 * Answers read at once: a read holds its rows as objects, several times its answer's bytes (a
 * year's peg is some 80,000 rows), and reads beyond what the cores serialise only wait for them
 * while holding their rows. The rest queue for a turn.
 */
export const CONCURRENT_READS = 2 * availableParallelism();

/**
 * What one entry costs beyond its answer's bytes (its key, its model and cached body, the maps'
 * slots), so even empty answers are bounded: measured 1.3-1.6 KB of heap (keyed-hot-read-models.unit).
 * At 512, varied windows over an empty table filled the 64 MB with 125,000 entries and 400 MB of heap.
 */
export const ENTRY_OVERHEAD_BYTES = 2_048;

/** An entry the budget may drop: it forgets its answer and leaves its owner's map. */
export interface BudgetedEntry {
  evict(): void;
}

/**
 * The process's byte budget for per-query answers (XSD_READ_CACHE_MB), shared by every keyed
 * answer of every route: each entry counts its serialised bytes and their compressed forms, and
 * the least recently used entries go first when the total passes the budget. The entry in use is
 * never dropped for its own sake, so an answer larger than the whole budget is still served (and
 * goes at the next entry's use). It also bounds the memory answers take while they are read:
 * at most CONCURRENT_READS at once.
 */
export class ReadCacheBudget {
  /** Entry → bytes counted, least recently used first (a Map keeps insertion order). */
  private readonly sizes = new Map<BudgetedEntry, number>();
  private total = 0;
  private reading = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly maxBytes: number,
    private readonly concurrentReads = CONCURRENT_READS,
  ) {}

  /** Runs `read` when fewer than `concurrentReads` are under way, else once one ends (first come, first served). */
  async read<T>(read: () => Promise<T>): Promise<T> {
    if (this.reading >= this.concurrentReads) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.reading += 1;
    try {
      return await read();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.reading -= 1;
      else next(); // the turn passes on: `reading` stays
    }
  }

  /** Bytes counted now, overhead included. */
  get usedBytes(): number {
    return this.total;
  }

  get entries(): number {
    return this.sizes.size;
  }

  /** The entry was just used: it becomes the most recently used (counted from now when new). */
  touch(entry: BudgetedEntry): void {
    const size = this.sizes.get(entry);
    if (size !== undefined) {
      this.sizes.delete(entry);
      this.sizes.set(entry, size);
      return;
    }
    this.sizes.set(entry, ENTRY_OVERHEAD_BYTES);
    this.total += ENTRY_OVERHEAD_BYTES;
    this.trim(entry);
  }

  /** The entry now holds `bytes` of answers; ignored once it was dropped (a late reload). */
  resize(entry: BudgetedEntry, bytes: number): void {
    const size = this.sizes.get(entry);
    if (size === undefined) return;
    const next = ENTRY_OVERHEAD_BYTES + bytes;
    this.sizes.set(entry, next); // an existing key keeps its place
    this.total += next - size;
    this.trim(entry);
  }

  private trim(keep: BudgetedEntry): void {
    for (const [entry, size] of this.sizes) {
      if (this.total <= this.maxBytes) return;
      if (entry === keep) continue;
      this.sizes.delete(entry);
      this.total -= size;
      entry.evict();
    }
  }
}
