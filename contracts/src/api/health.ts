import { isFresh } from '../rules/price-status.js';
import type { Instant } from '../rules/time.js';

/**
 * What `/api/health` says of each chain and each of its RPC endpoints: an operator sees at a
 * glance whether prices are current and which endpoint misbehaves, never an endpoint's secrets.
 */

/** The ingestor reads prices on this beat. */
export const PRICE_TICK_MS = 30_000;

/** A chain whose newest accepted price is older than two ticks is stale, whatever its reads say. */
export const PRICE_STALE_AFTER_MS = 2 * PRICE_TICK_MS;

/**
 * `unchecked`: nothing heard yet; `ok`: its last answer was right; `demoted`: it failed or
 * answered wrongly (empty, undecodable, outvoted) and rests; `lagging`: it answered from a block
 * behind the best known head; `wrong_chain`: it serves another chain and is disabled until a
 * check finds it right.
 */
export type EndpointState = 'unchecked' | 'ok' | 'demoted' | 'lagging' | 'wrong_chain';

/** One endpoint: its scheme and host only (providers put API keys in paths and queries). */
export interface EndpointHealth {
  readonly endpoint: string;
  readonly state: EndpointState;
  readonly reason: string | null;
  readonly consecutiveFailures: number;
  /** Not asked again before this (ISO 8601); null when it may be asked now. */
  readonly restingUntil: string | null;
  /** The newest block it answered from. */
  readonly head: number | null;
}

/**
 * `stale`: the chain's newest accepted price is older than {@link PRICE_STALE_AFTER_MS} though
 * its reads do not fail (every answer refused, say); `unknown`: no ingestor has reported yet.
 */
export type ChainHealthStatus = 'ok' | 'stale' | 'retrying' | 'stopped' | 'unknown';

/** True when a price stamped `timestamp` is older than two ticks at `now`: the freshness rule with the stale window. */
export function isStalePrice(timestamp: Instant | null, now: Instant): boolean {
  return !isFresh(timestamp, now, PRICE_STALE_AFTER_MS);
}
