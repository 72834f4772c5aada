import { CHAIN_NAMES, type ChainName, TOKEN_NAMES, type TokenName } from '@xsd/contracts';
import { sql, type RawBuilder } from 'kysely';

/**
 * Retention of the price read models. Each projection prunes its own rows after writing a batch,
 * counting back from the newest reading it holds (the events' own time, never the clock), so a
 * rebuild from sequence 1 ends with the same rows as the live projection.
 */

/** Hourly candles and silver rollups: a year (the longest chart window). Daily ones are kept forever. */
export const HOURLY_KEPT_DAYS = 365;

/** 5-minute candles: a day. */
export const FIVE_MINUTE_KEPT_DAYS = 1;

/**
 * Rows one applied batch may delete per table: twice what it added (at least 1,000) keeps up with
 * the steady state and works off a backlog (a lowered retention) a little per batch, while no
 * statement holds rows, or the embedded mode's one connection, for long.
 */
export function pruneLimit(added: number): number {
  return Math.max(1_000, 2 * added);
}

/** Every token and chain pair a price row can have. */
export const PRICE_PAIRS: readonly { readonly token: TokenName; readonly chain: ChainName }[] = TOKEN_NAMES.flatMap((token) =>
  CHAIN_NAMES.map((chain) => ({ token, chain })),
);

/**
 * Token and chain pairs (all by default) as the relation `pair(token_name, chain_name)`: queries over
 * several pairs probe the (token, chain, time) indexes once per pair instead of needing an index on
 * time alone.
 */
export function pricePairs(pairs = PRICE_PAIRS): RawBuilder<unknown> {
  return sql`unnest(${pairs.map((p) => p.token)}::text[], ${pairs.map((p) => p.chain)}::text[]) as pair(token_name, chain_name)`;
}

/** What the price projections are told: days raw readings are kept (XSD_RAW_PRICE_DAYS). */
export interface PriceRetention {
  readonly rawPriceDays: number;
}
