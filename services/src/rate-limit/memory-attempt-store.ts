import { addAttempt, type AttemptCount, type AttemptStore, type AttemptWindow, removeAttempt, withinWindow } from './attempt-store.js';

/**
 * The embedded mode's store: one process, so a map is the whole deployment's truth. At most
 * `maxKeys` keys are kept; the one written longest ago is forgotten first, so a flood of made-up
 * emails costs bounded memory.
 */
export class MemoryAttemptStore implements AttemptStore {
  private readonly attempts = new Map<string, number[]>();

  constructor(private readonly maxKeys = 10_000) {}

  async add(key: string, now: Date, window: AttemptWindow): Promise<AttemptCount> {
    const { times, added } = addAttempt(this.attempts.get(key) ?? [], now, window);
    this.attempts.delete(key); // re-inserted, so the map's order stays "least recently written first"
    this.attempts.set(key, times);
    if (this.attempts.size > this.maxKeys) {
      const oldest = this.attempts.keys().next().value;
      if (oldest !== undefined) this.attempts.delete(oldest);
    }
    return { added, count: times.length };
  }

  async count(key: string, now: Date, windowMs: number): Promise<number> {
    return withinWindow(this.attempts.get(key) ?? [], now, windowMs).length;
  }

  async remove(key: string, at: Date): Promise<void> {
    const times = removeAttempt(this.attempts.get(key) ?? [], at);
    if (times) this.attempts.set(key, times);
  }

  async clear(key: string): Promise<void> {
    this.attempts.delete(key);
  }

  async close(): Promise<void> {
    this.attempts.clear();
  }
}
