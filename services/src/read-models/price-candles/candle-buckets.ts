/** Candle widths: 5-minute ones are kept a day, hourly ones a year, daily ones forever (see retention.ts). */
export const CANDLE_BUCKETS = { '5m': 5 * 60_000, '1h': 60 * 60_000, '1d': 24 * 60 * 60_000 } as const;
export type CandleBucket = keyof typeof CANDLE_BUCKETS;

export function bucketStart(at: Date, bucket: CandleBucket): Date {
  const width = CANDLE_BUCKETS[bucket];
  return new Date(Math.floor(at.getTime() / width) * width);
}
