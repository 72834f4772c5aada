/** Answers that move with the clock alone (the 24 h reference, the chart's "now" point) are read again this often. */
export const LATEST_MAX_AGE_MS = 10_000;
export const HISTORY_MAX_AGE_MS = 60_000;
/** Distinct history windows and public API pages kept in memory. */
export const MAX_CACHED_QUERIES = 512;
