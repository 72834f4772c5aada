import { setTimeout as delay } from 'node:timers/promises';

/** Waits; injectable so tests run retry paths without real delays. */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => delay(ms);

/** Exponential back-off: `baseMs` doubled per retry already made, capped at `maxMs`. */
export function backoffDelay(retry: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, retry));
}
