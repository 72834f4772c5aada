/**
 * Runs tasks in batches: at most `size` at once, and a pause of `pauseMs` after each batch
 * before the next starts (the spec fetches price history 4 chains at a time with 100 ms pauses).
 * A task that fails rejects its own promise only.
 */
export interface BatchQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export interface BatchQueueOptions {
  readonly size: number;
  readonly pauseMs: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createBatchQueue({ size, pauseMs, sleep = defaultSleep }: BatchQueueOptions): BatchQueue {
  const waiting: Array<() => Promise<void>> = [];
  let draining = false;

  async function drain(): Promise<void> {
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, size);
        await Promise.all(batch.map((start) => start()));
        if (waiting.length > 0 && pauseMs > 0) await sleep(pauseMs);
      }
    } finally {
      draining = false;
    }
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => task().then(resolve, reject));
        if (draining) return;
        // Start on the next microtask, so tasks queued in the same tick share the first batch.
        draining = true;
        queueMicrotask(() => void drain());
      });
    },
  };
}
