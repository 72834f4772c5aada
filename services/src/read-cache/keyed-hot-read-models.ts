import type { ProjectionProgress } from '../core/projection-progress.js';
import type { CachedJson } from './cached-json.js';
import { HotReadModel, type HotReadModelOptions } from './hot-read-model.js';

export interface KeyedHotReadModelsOptions<Q, T> extends Omit<HotReadModelOptions<T>, 'load'> {
  /** How many distinct queries are kept; the least recently used goes first. */
  readonly maxEntries: number;
  /** The same key for queries that mean the same (after validation and defaults). */
  readonly key: (query: Q) => string;
  readonly load: (query: Q) => Promise<T>;
}

/** A HotReadModel per query (a history window, a page of the public API), least recently used evicted. */
export class KeyedHotReadModels<Q, T> {
  private readonly entries = new Map<string, HotReadModel<T>>();

  constructor(
    private readonly progress: ProjectionProgress,
    private readonly options: KeyedHotReadModelsOptions<Q, T>,
  ) {}

  get(query: Q): Promise<CachedJson<T>> {
    const key = this.options.key(query);
    let model = this.entries.get(key);
    if (model === undefined) {
      model = new HotReadModel(this.progress, { ...this.options, load: () => this.options.load(query) });
      if (this.entries.size >= this.options.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    } else {
      this.entries.delete(key); // re-insert: the map's order is "least recently used first"
    }
    this.entries.set(key, model);
    return model.get();
  }
}
