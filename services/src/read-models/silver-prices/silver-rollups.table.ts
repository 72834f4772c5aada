import type { Timestamp } from '../../database/column-types.js';

export type SilverRollupBucket = '1h' | '1d';

/**
 * Silver per gram per hour and per day: open/high/low/close, the close being the newest reading of
 * the bucket (`close_at` its time), for charts over long windows. Written by the silver_prices
 * projection alone, in the transaction that writes the raw rows.
 */
export interface SilverRollupsTable {
  bucket: SilverRollupBucket;
  bucket_start: Timestamp;
  open: number;
  high: number;
  low: number;
  close: number;
  close_at: Timestamp;
  samples: number;
}
