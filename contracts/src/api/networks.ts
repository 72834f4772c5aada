/**
 * `GET /api/networks`: the network table of the profile the server runs (devnet or mainnet), as
 * the browser's wallet helpers and system check need it: chain ids, RPC URLs, explorers, native
 * currency and token addresses. Constant for the life of the process.
 */
import type { ChainName, TokenName } from '../chains/names.js';
import type { Address, ListedToken, NativeCurrency, NetworkConfig } from '../chains/networks.js';

export interface NetworkEntry {
  readonly name: ChainName;
  readonly chain_id: number;
  readonly native_currency: NativeCurrency;
  /** In fallback order. */
  readonly rpc_urls: readonly string[];
  readonly block_explorer_urls: readonly string[];
  /** Null where the network has no such token (Pulsechain, or an unknown deployment). */
  readonly tokens: Readonly<Record<TokenName, Address | null>>;
  /** Other tokens the wallet helpers list (Pulsechain: PLSX). */
  readonly listed_tokens: readonly ListedToken[];
  readonly coming_soon: boolean;
}

export interface NetworksResponse {
  readonly items: readonly NetworkEntry[];
}

export function toNetworkEntry(network: NetworkConfig): NetworkEntry {
  return {
    name: network.name,
    chain_id: network.chainId,
    native_currency: { ...network.nativeCurrency },
    rpc_urls: [...network.rpcUrls],
    block_explorer_urls: [...network.blockExplorerUrls],
    tokens: { ...network.tokens },
    listed_tokens: network.listedTokens.map((t) => ({ ...t })),
    coming_soon: network.comingSoon,
  };
}

/** The parameter of a wallet's `wallet_addEthereumChain` request (EIP-3085) for an entry. */
export function addEthereumChainParameter(entry: NetworkEntry) {
  return {
    chainId: `0x${entry.chain_id.toString(16)}`,
    chainName: entry.name,
    nativeCurrency: { ...entry.native_currency },
    rpcUrls: [...entry.rpc_urls],
    blockExplorerUrls: [...entry.block_explorer_urls],
  };
}

/**
 * `GET /api/networks/:chain/block-number`: whether the chain's RPC endpoints answer right now (the
 * system check's "Blockchain RPC access"; the page's CSP lets the browser reach only its own origin).
 */
export interface BlockNumberProbe {
  readonly chain: ChainName;
  readonly reachable: boolean;
  /** Null when no endpoint answered. */
  readonly block_number: number | null;
  /** How long the answer took, ms. */
  readonly latency_ms: number;
}

/** `GET /api/networks/trading-app`: whether the token project's trading app answers (8 s time-out). */
export interface TradingAppProbe {
  readonly url: string;
  readonly reachable: boolean;
  readonly timed_out: boolean;
}

/** The token project's trading app (the system check probes it; the web links its swap page). */
export const TRADING_APP_URL = 'https://app.bankx.io';
/** The spec's probe time-outs: network connectivity 5 s, trading app 8 s. */
export const NETWORK_PROBE_TIMEOUT_MS = 5_000;
export const TRADING_APP_PROBE_TIMEOUT_MS = 8_000;
