import type { ProjectionProgress } from '../core/projection-progress.js';
import { CachedJson, type JsonBytes } from './cached-json.js';
import { type Awaitable, HotValue, type HotValueOptions } from './hot-value.js';

export interface HotReadModelOptions<T> extends Omit<HotValueOptions<CachedJson<T>>, 'load' | 'onKeep'> {
  /** The answer, or its JSON already written (JsonBytes). */
  readonly load: () => Promise<T | JsonBytes<T>>;
  /** Told the bytes the answer holds (body and compressed forms) whenever they change. */
  readonly onBytes?: (bytes: number) => void;
  /**
   * Each answer's memory is freed as soon as no response sends it once it is replaced or dropped
   * (CachedBody.release): for answers no one but the routes' responses read (per-query answers).
   */
  readonly freesAnswers?: boolean;
}

/**
 * A read model's answer held in memory as its bytes (CachedJson), so a hot route costs a map
 * look-up instead of a query: a HotValue of the answer's bytes, read again as HotValue says.
 */
export class HotReadModel<T> {
  private readonly answer: HotValue<CachedJson<T>>;

  constructor(progress: ProjectionProgress, { load, onBytes, freesAnswers = false, ...options }: HotReadModelOptions<T>) {
    const answer: HotValue<CachedJson<T>> = new HotValue(progress, {
      ...options,
      load: async () => new CachedJson(await load()),
      onKeep: (json) => {
        if (freesAnswers) json.countSends();
        if (onBytes === undefined) return;
        json.onGrow = () => {
          if (answer.holds(json)) onBytes(json.bytes);
        };
        onBytes(json.bytes);
      },
      onDrop: freesAnswers ? (json) => json.release() : undefined,
    });
    this.answer = answer;
  }

  get(): Awaitable<CachedJson<T>> {
    return this.answer.get();
  }

  /** Lets go of the answer held (HotValue.drop). */
  drop(): void {
    this.answer.drop();
  }
}
