import type { TokenName } from '@xsd/contracts';
import type { Timestamp } from '../../database/column-types.js';

export type CandleBucket = '5m' | '1h' | '1d';

/**
 * OHLC per token, chain and bucket, for charts over long windows.
 * Written by the price_candles projection alone.
 */
export interface PriceCandlesTable {
  token_name: TokenName;
  chain_name: string;
  bucket: CandleBucket;
  bucket_start: Timestamp;
  open: number;
  high: number;
  low: number;
  close: number;
  samples: number;
  /** The block and read time of the reading the close is (null for candles whose readings were pruned before these were kept). */
  close_block_number: number | null;
  close_read_at: Timestamp | null;
}
