/**
 * Price routes: `GET /api/prices/latest`, `GET /api/prices/history`, `GET /api/silver/latest`,
 * `GET /api/silver/history` and the public `GET /api/v1/prices` and `GET /api/v1/candles` (their
 * zod schemas, for the OpenAPI document, are in `./public-api-schemas.ts`). Field names follow the spec's
 * tables (snake_case); silver stats keep the spec's own names. Every instant is ISO 8601.
 * Query parameters are validated with the schemas of `./prices-query.ts`.
 */
import type { ChainName, TokenName } from '../chains/names.js';
import type { ChartPoint } from '../rules/chart-points.js';
import type { SilverStats } from '../rules/silver-stats.js';

export type { ChartPoint } from '../rules/chart-points.js';
export type { SilverStats } from '../rules/silver-stats.js';

/** `active`, or `maintenance` when staff set the chain inactive in chain_settings. */
export const CHAIN_STATUSES = ['active', 'maintenance'] as const;
export type ChainStatus = (typeof CHAIN_STATUSES)[number];

/** What a client shows when a chain is in maintenance without a message of its own. */
export const DEFAULT_CHAIN_MAINTENANCE_MESSAGE = 'Network maintenance in progress. Trading temporarily unavailable.';

/** One token on one active chain. `price` and `timestamp` are null until the first reading. */
export interface LatestPrice {
  readonly token_name: TokenName;
  readonly chain_name: ChainName;
  readonly price: number | null;
  readonly timestamp: string | null;
  /** Percent against the reading closest to 24 h ago; null without one or when it is at or below 0. */
  readonly change_24h: number | null;
  readonly status: ChainStatus;
  /** Staff's message while in maintenance (null: show {@link DEFAULT_CHAIN_MAINTENANCE_MESSAGE}). */
  readonly maintenance_message: string | null;
  /**
   * The token's total supply on this chain in whole tokens, as last read on chain (market value =
   * supply x price); null until the ingestor has read it.
   */
  readonly total_supply: number | null;
}

/** `GET /api/prices/latest`: XSD rows first, then BankX, chains in display order. */
export interface LatestPricesResponse {
  readonly items: readonly LatestPrice[];
}

/**
 * `GET /api/prices/history?token&chain&days`: chart points oldest first, merged and limited by
 * the spec's chart rules (at most 144 points for 1 day, 24 x days otherwise), with a point at the
 * current price appended at the time of the request when the last one is too old. Drawn from
 * every reading for 1 day, hourly closes up to 90 days, daily closes beyond (chartResolution).
 */
export interface PriceHistoryResponse {
  readonly token_name: TokenName;
  readonly chain_name: ChainName;
  readonly days: number;
  /** The newest reading of this token and chain, whatever its age; null when there is none. */
  readonly current: { readonly price: number; readonly timestamp: string } | null;
  readonly points: readonly ChartPoint[];
}

/** `GET /api/silver/latest`: the newest silver_prices row with its 24 h stats (USD per gram). */
export interface SilverLatestResponse extends SilverStats {
  readonly price_per_gram: number;
  readonly timestamp: string;
  readonly source: string;
}

/** Message (404 `no_silver_data`) while no silver reading exists. */
export const NO_SILVER_DATA_MESSAGE =
  'No silver price data available. Silver prices are updated when new data is fetched from the blockchain.';

/** `GET /api/silver/history?days`: USD per gram, oldest first, by the spec's silver chart rules (points as chartResolution says). */
export interface SilverHistoryResponse {
  readonly days: number;
  readonly current: { readonly price_per_gram: number; readonly timestamp: string } | null;
  readonly points: readonly ChartPoint[];
}

/** `token` values of the public API (case-insensitive) and the token each one means. */
export const PUBLIC_API_TOKENS = { XSD: 'XSD', BANKX: 'BankX' } as const satisfies Record<string, TokenName>;
export type PublicApiToken = keyof typeof PUBLIC_API_TOKENS;

export const PUBLIC_PRICES_DEFAULT_LIMIT = 100;
/** The most rows one request of the public API returns. */
export const PUBLIC_PRICES_MAX_LIMIT = 1000;

/**
 * Where a price of the public API comes from: the network and the price (PID) controller contract
 * whose `xsd_updated_price()` / `bankx_updated_price()` was read, the block the read was made at
 * (null for readings made before blocks were recorded), when it was read, and how old it was when
 * the answer was made (`as_of` of the response).
 */
export interface PriceProvenance {
  readonly chain_id: number;
  readonly chain_name: ChainName;
  /** The price controller's address from the network table; null where the table has none. */
  readonly contract: string | null;
  readonly method: 'xsd_updated_price()' | 'bankx_updated_price()';
  readonly block_number: number | null;
  /** ISO 8601 instant of the on-chain read (the row's `timestamp`). */
  readonly read_at: string;
  /** Whole seconds from `read_at` to the response's `as_of`. */
  readonly age_seconds: number;
}

/** The controller method a token's price is read with (6 decimals). */
export const PRICE_METHODS = { XSD: 'xsd_updated_price()', BankX: 'bankx_updated_price()' } as const satisfies Record<
  TokenName,
  PriceProvenance['method']
>;

/** One price_history row of the public API. */
export interface PublicPriceRow {
  readonly token_name: TokenName;
  readonly chain_name: ChainName;
  readonly price: number;
  readonly timestamp: string;
  readonly provenance: PriceProvenance;
}

/**
 * `GET /api/v1/prices?token=XSD|BANKX&chain&from&to&limit`: rows newest first (readings of one
 * instant XSD before BankX, then in CHAIN_NAMES' order). Every filter is
 * optional; `from` and `to` are inclusive ISO 8601 dates or instants; `limit` 1 to 1000,
 * default 100. The echo of the applied filters lets a client page back with `to`.
 */
export interface PublicPricesResponse {
  readonly items: readonly PublicPriceRow[];
  readonly count: number;
  readonly limit: number;
  /** When this answer was made: every `provenance.age_seconds` is counted to it. */
  readonly as_of: string;
  readonly filters: {
    readonly token: TokenName | null;
    readonly chain: ChainName | null;
    readonly from: string | null;
    readonly to: string | null;
  };
}

/** Candle widths of `GET /api/v1/candles`. */
export const CANDLE_INTERVALS = ['1h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const DEFAULT_CANDLE_INTERVAL: CandleInterval = '1h';

/**
 * One candle of price_candles: open, high, low and close of every reading in
 * [open_time, close_time). `provenance` is that of the reading the close comes from.
 */
export interface PublicCandle {
  readonly token_name: TokenName;
  readonly chain_name: ChainName;
  readonly interval: CandleInterval;
  readonly open_time: string;
  readonly close_time: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** How many readings the candle folds. */
  readonly samples: number;
  readonly provenance: PriceProvenance;
}

/**
 * `GET /api/v1/candles?token=XSD|BANKX&chain&interval=1h|1d&from&to&limit`: the newest `limit`
 * candles (1 to 1000, default 100) whose open time lies in [from, to], oldest first.
 */
export interface PublicCandlesResponse {
  readonly items: readonly PublicCandle[];
  readonly count: number;
  readonly limit: number;
  readonly as_of: string;
  readonly filters: {
    readonly token: TokenName;
    readonly chain: ChainName;
    readonly interval: CandleInterval;
    readonly from: string | null;
    readonly to: string | null;
  };
}
