/**
 * `GET /api/chains`: every network of the product (the seven live ones and Pulsechain) in display
 * order, with the status staff set in chain_settings. A network without a chain_settings row is
 * active under its own name.
 */
import type { ChainName } from '../chains/names.js';

export interface ChainStatusEntry {
  readonly chain_name: ChainName;
  /** Staff's display name, or the network's own name when they set none. */
  readonly display_name: string;
  readonly chain_id: number;
  /** False while staff have the chain in maintenance (prices still show, trading may be limited). */
  readonly is_active: boolean;
  /** From the network table: not released yet (Pulsechain), no token addresses, never read. */
  readonly coming_soon: boolean;
  /**
   * Staff's maintenance banner text while the chain is inactive (null: show the default text,
   * `DEFAULT_CHAIN_MAINTENANCE_MESSAGE` of `./prices.js`); always null while it is active.
   */
  readonly maintenance_message: string | null;
  /** ISO 8601 instant of the last staff change; null when staff never set this chain. */
  readonly updated_at: string | null;
}

export interface ChainsResponse {
  readonly items: readonly ChainStatusEntry[];
}
