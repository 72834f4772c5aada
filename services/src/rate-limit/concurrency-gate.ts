/** Thrown at once by a full gate: the caller answers "busy" rather than wait behind everyone. */
export class GateFullError extends Error {
  override name = 'GateFullError';
}

/**
 * At most `concurrency` tasks run at once and at most `maxQueued` wait for a turn, first come
 * first served; past that, `run` refuses at once. A burst therefore costs a bounded wait, never
 * an unbounded queue.
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxQueued: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number ≥ 1, got ${concurrency}`);
    if (!Number.isInteger(maxQueued) || maxQueued < 0) throw new RangeError(`maxQueued must be a whole number ≥ 0, got ${maxQueued}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueued) throw new GateFullError(`${this.running} running and ${this.waiting.length} waiting`);
      // The finishing task hands its slot over directly, so `running` never dips and a newcomer cannot jump the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
