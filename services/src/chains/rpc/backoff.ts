import { setTimeout as delay } from 'node:timers/promises';
import { backoffDelay as contractsBackoffDelay } from '@xsd/contracts/rules/backoff';

/** Waits; injectable so tests run retry paths without real delays. */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => delay(ms);

/** The contracts' back-off rule: `baseMs` doubled per retry already made, capped at `maxMs`. */
export function backoffDelay(retry: number, baseMs: number, maxMs: number): number {
  return contractsBackoffDelay(retry, { baseMs, maxMs });
}
