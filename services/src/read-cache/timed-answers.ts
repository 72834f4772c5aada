import { type Clock, epochMillis } from '../core/clock.js';
import type { ProjectionProgress } from '../core/projection-progress.js';
import type { JsonBytes } from './cached-json.js';
import { HotReadModel, type HotReadModelOptions } from './hot-read-model.js';
import { HotValue } from './hot-value.js';
import { KeyedHotReadModels } from './keyed-hot-read-models.js';
import type { ReadCacheBudget } from './read-cache-budget.js';

/** Answers that move with the clock alone (the 24 h reference, the chart's "now" point) are read again this often. */
const LATEST_MAX_AGE_MS = 10_000;
const HISTORY_MAX_AGE_MS = 60_000;

type Tables = HotReadModelOptions<unknown>['tables'];

/**
 * The hot answers of the price routes (prices, silver, peg, the public API), each read again when
 * a projection writes one of its tables and at least as often as the clock alone could change it.
 */
export class TimedAnswers {
  private readonly now: () => number;

  constructor(
    private readonly progress: ProjectionProgress,
    private readonly budget: ReadCacheBudget,
    clock: Clock,
  ) {
    this.now = epochMillis(clock);
  }

  /** One answer, read again at least every 10 s. */
  latest<T>(tables: Tables, load: () => Promise<T>): HotReadModel<T> {
    return new HotReadModel(this.progress, { tables, maxAgeMs: LATEST_MAX_AGE_MS, now: this.now, load });
  }

  /** A value several answers are built from (a pair's newest reading), read again as `latest` is. */
  value<V>(tables: Tables, load: () => Promise<V>): HotValue<V> {
    return new HotValue(this.progress, { tables, maxAgeMs: LATEST_MAX_AGE_MS, now: this.now, load });
  }

  /**
   * One answer per query (a chart window, a page) within the process's byte budget, read again
   * every minute, or every 10 s when `fresh`; and at a commit to `tables` unless `followsCommits`
   * says the query's answer cannot change with one.
   */
  perQuery<Q, T>(
    tables: Tables,
    key: (query: Q) => string,
    load: (query: Q) => Promise<T | JsonBytes<T>>,
    { fresh = false, followsCommits }: { readonly fresh?: boolean; readonly followsCommits?: (query: Q) => boolean } = {},
  ): KeyedHotReadModels<Q, T> {
    const maxAgeMs = fresh ? LATEST_MAX_AGE_MS : HISTORY_MAX_AGE_MS;
    return new KeyedHotReadModels(this.progress, { tables, key, load, maxAgeMs, followsCommits, budget: this.budget, now: this.now });
  }
}
