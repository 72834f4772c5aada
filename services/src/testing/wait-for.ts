import { setTimeout as delay } from 'node:timers/promises';

export interface WaitForOptions {
  /** Give up after this long (default 5000 ms). */
  readonly timeoutMs?: number;
  /** Time between two checks (default 20 ms). */
  readonly intervalMs?: number;
  /** What is awaited, for the error: "the projection to reach sequence 3". */
  readonly message?: string;
}

/**
 * Polls `condition` until it is true, for tests that wait on asynchronous work. A condition
 * that throws counts as "not yet"; its last error is attached to the timeout error.
 */
export async function waitFor(
  condition: () => Promise<boolean> | boolean,
  { timeoutMs = 5000, intervalMs = 20, message = 'a condition' }: WaitForOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await condition()) return;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${message}${detail}`, { cause: lastError });
    }
    await delay(intervalMs);
  }
}
