/**
 * `GET /api/wallets/:address`: a portfolio scan of one address on every active chain with token
 * addresses. Each chain is read with one Multicall3 call, all in parallel; a chain that could not
 * be read is listed as failed next to the ones that worked, never counted as a zero balance.
 */
import type { ChainName, TokenName } from '../chains/names.js';
import type { WalletBalanceEntry } from '../rules/wallet-values.js';

export type { WalletBalanceEntry } from '../rules/wallet-values.js';

/** A chain whose balances were read (balances may be 0). */
export interface WalletChainOk {
  readonly chain: ChainName;
  readonly status: 'ok';
  readonly balances: Readonly<Record<TokenName, number>>;
  /** Block the balances were read at, when the chain said. */
  readonly block_number: number | null;
}

/** A chain that could not be read: every endpoint failed, or one of its calls failed. */
export interface WalletChainFailed {
  readonly chain: ChainName;
  readonly status: 'failed';
  readonly error: string;
}

export type WalletChainResult = WalletChainOk | WalletChainFailed;

export interface WalletScanResponse {
  /** EIP-55 checksummed. */
  readonly address: string;
  /** ISO 8601 instant the scan finished. */
  readonly scanned_at: string;
  /** Every scanned chain, in display order. */
  readonly chains: readonly WalletChainResult[];
  /** Balances above 0 of the chains that worked, with their values. */
  readonly balances: readonly WalletBalanceEntry[];
  /** Sum of the known values, USD. */
  readonly total_value: number;
  /** The silver price per gram used for XSD's peg values; null when unknown. */
  readonly silver_price_per_gram: number | null;
  /** Names of the chains that failed (the 'Scan Error' box says 'Failed to fetch some balances. Please try again.'). */
  readonly failed_chains: readonly ChainName[];
}

/** Shown in 'Scan Error' when some chains failed. */
export const SCAN_PARTIAL_FAILURE_MESSAGE = 'Failed to fetch some balances. Please try again.';
export const INVALID_WALLET_ADDRESS_MESSAGE = 'Invalid wallet address: expected 0x followed by 40 hexadecimal characters';
