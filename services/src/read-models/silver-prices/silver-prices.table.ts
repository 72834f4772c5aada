import type { Default, Timestamp, TimestampDefault, UuidDefault } from '../../database/column-types.js';

/** Written by the silver_prices projection alone. */
export interface SilverPricesTable {
  id: UuidDefault;
  event_id: string;
  price_per_gram: number;
  price_per_ounce: number | null;
  round_id: string | null;
  timestamp: Timestamp;
  source: Default<string>;
  created_at: TimestampDefault;
}
