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
