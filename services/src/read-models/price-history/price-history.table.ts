import type { TokenName } from '@xsd/contracts';
import type { Timestamp, TimestampDefault } from '../../database/column-types.js';

/** Written by the price_history projection alone. */
export interface PriceHistoryTable {
  /** The id of the price.ticked event the row comes from (so a replay cannot double it). */
  id: string;
  token_name: TokenName;
  chain_name: string;
  price: number;
  block_number: number | null;
  /** When the price was read on chain. */
  timestamp: Timestamp;
  created_at: TimestampDefault;
}
