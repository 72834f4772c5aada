import type { TokenName } from '@xsd/contracts';
import type { Timestamp, TimestampDefault } from '../../database/column-types.js';

/**
 * The latest total supply of each token on each chain (whole tokens), from `price.ticked`.
 * Written by the token_supply projection alone.
 */
export interface TokenSupplyTable {
  token_name: TokenName;
  chain_name: string;
  total_supply: number;
  block_number: number | null;
  /** When the supply was read on chain. */
  observed_at: Timestamp;
  /** The tick it came from. */
  event_id: string;
  updated_at: TimestampDefault;
}
