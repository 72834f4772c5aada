import type { ProjectionProgress } from '../core/projection-progress.js';
import type { CachedJson, JsonBytes } from './cached-json.js';
import { HotReadModel, type HotReadModelOptions } from './hot-read-model.js';
import type { Awaitable } from './hot-value.js';
import type { BudgetedEntry, ReadCacheBudget } from './read-cache-budget.js';

export interface KeyedHotReadModelsOptions<Q, T> extends Omit<HotReadModelOptions<T>, 'load' | 'followsCommits' | 'onBytes'> {
  /** The process's byte budget, shared with every other keyed answer. */
  readonly budget: ReadCacheBudget;
  /**
   * The same key for queries that mean the same (after validation, defaults and bucketing): the
   * key must say everything `load` reads from the query.
   */
  readonly key: (query: Q) => string;
  readonly load: (query: Q) => Promise<T | JsonBytes<T>>;
  /** Whether a projection commit can change this query's answer (default: always). */
  readonly followsCommits?: (query: Q) => boolean;
}

interface Entry<T> extends BudgetedEntry {
  readonly model: HotReadModel<T>;
}

/** A HotReadModel per query (a history window, a page of the public API), within the process's byte budget. */
export class KeyedHotReadModels<Q, T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly progress: ProjectionProgress,
    private readonly options: KeyedHotReadModelsOptions<Q, T>,
  ) {}

  get(query: Q): Awaitable<CachedJson<T>> {
    const key = this.options.key(query);
    const entry = this.entries.get(key) ?? this.add(key, query);
    this.options.budget.touch(entry);
    return entry.model.get();
  }

  private add(key: string, query: Q): Entry<T> {
    const { budget, followsCommits, load, maxAgeMs, now, tables } = this.options;
    const entry: Entry<T> = {
      model: new HotReadModel(this.progress, {
        tables,
        maxAgeMs,
        now,
        followsCommits: followsCommits?.(query) ?? true,
        load: () => budget.read(() => load(query)),
        onBytes: (bytes) => budget.resize(entry, bytes),
        freesAnswers: true,
      }),
      evict: () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        entry.model.drop();
      },
    };
    this.entries.set(key, entry);
    return entry;
  }
}
