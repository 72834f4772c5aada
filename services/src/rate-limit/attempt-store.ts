/**
 * Where the sign-in budget keeps its counts: one store for every API process of a deployment
 * (a JetStream key-value bucket when distributed, a map in the process when embedded).
 *
 * A key holds the times of its recent attempts, a sliding window: an attempt counts for exactly
 * `windowMs` after it was made. Each key keeps at most `limit` times, which is all a limit needs.
 */
export interface AttemptStore {
  /**
   * Records an attempt at `now`, unless `limit` attempts already fall within the window ending at
   * `now`. Atomic across every process sharing the store: two processes never both take the last
   * place. Answers whether it was recorded, and the count within the window afterwards.
   */
  add(key: string, now: Date, window: AttemptWindow): Promise<AttemptCount>;
  /** Attempts within the window ending at `now`. */
  count(key: string, now: Date, windowMs: number): Promise<number>;
  /**
   * Takes back one attempt recorded at `at` (a place taken for work that then did not happen);
   * nothing when the key holds none at that time.
   */
  remove(key: string, at: Date): Promise<void>;
  /** Forgets every attempt of the key. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface AttemptWindow {
  readonly windowMs: number;
  readonly limit: number;
}

export interface AttemptCount {
  readonly added: boolean;
  readonly count: number;
}

/**
 * The pure step both stores share: the times still within the window, plus `now` when there is
 * room. Sorted oldest first.
 */
export function addAttempt(times: readonly number[], now: Date, { windowMs, limit }: AttemptWindow): { times: number[]; added: boolean } {
  const recent = withinWindow(times, now, windowMs);
  if (recent.length >= limit) return { times: recent, added: false };
  recent.push(now.getTime());
  recent.sort((a, b) => a - b);
  return { times: recent, added: true };
}

/** The times without one of those equal to `at`; null when none is. */
export function removeAttempt(times: readonly number[], at: Date): number[] | null {
  const index = times.indexOf(at.getTime());
  return index === -1 ? null : times.toSpliced(index, 1);
}

export function withinWindow(times: readonly number[], now: Date, windowMs: number): number[] {
  const since = now.getTime() - windowMs;
  return times.filter((at) => at > since);
}
