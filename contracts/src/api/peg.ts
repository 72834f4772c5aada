/**
 * `GET /api/prices/peg?days=N` (beyond the spec): XSD's deviation from the silver gram price on
 * each active chain over the last N days (1 to 365, default 1), with the share of time spent in
 * each of the spec's bands. Computed on the server by `rules/peg-health.ts`.
 */
import type { ChainName } from '../chains/names.js';
import type { ChainPegHealth } from '../rules/peg-health.js';
import { SilverHistoryQuerySchema } from './prices-query.js';

export type { BandShares, ChainPegHealth, DeviationPoint } from '../rules/peg-health.js';

/** The same `days` rule as the silver history. */
export const PegHealthQuerySchema = SilverHistoryQuerySchema;

export interface ChainPegHealthEntry extends ChainPegHealth {
  readonly chain_name: ChainName;
}

export interface PegHealthResponse {
  readonly days: number;
  /** The newest silver gram price, null before the first reading. */
  readonly silver_price: number | null;
  /** Active chains in display order. */
  readonly chains: readonly ChainPegHealthEntry[];
}
