import { deepFreeze } from './freeze.js';
import type { ChainName, TokenName } from './names.js';

/** A 20-byte EVM address, EIP-55 checksummed in this table. */
export type Address = `0x${string}`;

/**
 * The one address format check of the product (wallet input, scan route, CLI, network
 * overrides): 0x and 40 hex digits. Checksums are the reader's library's business.
 */
export function isAddress(value: string): value is Address {
  return /^0x[0-9a-fA-F]{40}$/.test(value);
}

export interface NativeCurrency {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: 18;
}

/** A token other than XSD and BankX that a network lists for the wallet helpers (Pulsechain: PLSX). */
export interface ListedToken {
  readonly symbol: string;
  readonly name: string;
  readonly address: Address;
  readonly decimals: 18;
}

/**
 * One network as the product sees it. Addresses are null where the network has no such contract
 * (Pulsechain, or a mainnet deployment the design does not know yet).
 */
export interface NetworkConfig {
  readonly name: ChainName;
  readonly chainId: number;
  readonly nativeCurrency: NativeCurrency;
  /** In fallback order: the first is tried first. */
  readonly rpcUrls: readonly string[];
  readonly blockExplorerUrls: readonly string[];
  readonly tokens: Readonly<Record<TokenName, Address | null>>;
  /** The PID controller answering `xsd_updated_price()` and `bankx_updated_price()` (6 decimals). */
  readonly priceController: Address | null;
  /** Chainlink XAG/USD (8 decimals); Ethereum only. */
  readonly silverFeed: Address | null;
  readonly multicall3: Address | null;
  readonly listedTokens: readonly ListedToken[];
  readonly comingSoon: boolean;
}

/** Multicall3 has the same address on every EVM chain the product covers. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** Chainlink XAG/USD on Ethereum mainnet. */
export const CHAINLINK_XAG_USD_ETHEREUM: Address = '0x379589227b15F1a12195D3f2d90bBc9F31f95235';

export const CHAIN_IDS: Readonly<Record<ChainName, number>> = Object.freeze({
  Ethereum: 1,
  BSC: 56,
  Arbitrum: 42161,
  Polygon: 137,
  Optimism: 10,
  Base: 8453,
  Avalanche: 43114,
  Pulsechain: 369,
});

const NO_TOKENS: Readonly<Record<TokenName, Address | null>> = { XSD: null, BankX: null };

const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 };

/**
 * The mainnet network table, in the spec's display order. Addresses are the token project's
 * published mainnet deployments (see DESIGN.md); the other chains' addresses are configuration,
 * passed to `resolveNetworks` as overrides, and stay null until then.
 */
export const MAINNET_NETWORKS: readonly NetworkConfig[] = deepFreeze([
  {
    name: 'Ethereum',
    chainId: CHAIN_IDS.Ethereum,
    nativeCurrency: ETHER,
    rpcUrls: ['https://ethereum-rpc.publicnode.com', 'https://eth.drpc.org', 'https://1rpc.io/eth'],
    blockExplorerUrls: ['https://etherscan.io'],
    tokens: {
      XSD: '0x75Cae30025A514b7AE069917E132Cc99762A0e16',
      BankX: '0x13E636CBFD6a7d33a8df7eBbF42f63ADC9bB592A',
    },
    priceController: '0xAbAc1C04408Cb6509BC9340e6b033c17F161Ef9e',
    silverFeed: CHAINLINK_XAG_USD_ETHEREUM,
    multicall3: MULTICALL3_ADDRESS,
    listedTokens: [],
    comingSoon: false,
  },
  {
    name: 'BSC',
    chainId: CHAIN_IDS.BSC,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: ['https://bsc-dataseed.bnbchain.org', 'https://bsc-rpc.publicnode.com', 'https://bsc.drpc.org'],
    blockExplorerUrls: ['https://bscscan.com'],
    tokens: {
      XSD: '0x39400E67820c88A9D67F4F9c1fbf86f3D688e9F6',
      BankX: '0x4d369BD339709021267E92702A9E4cE30be85706',
    },
    priceController: '0x6683FFdA5267e1F7E9Bf6790849a4eCdD63ed134',
    silverFeed: null,
    multicall3: MULTICALL3_ADDRESS,
    listedTokens: [],
    comingSoon: false,
  },
  unknownDeployment({
    name: 'Arbitrum',
    nativeCurrency: ETHER,
    rpcUrls: ['https://arb1.arbitrum.io/rpc', 'https://arbitrum-one-rpc.publicnode.com', 'https://arbitrum.drpc.org'],
    blockExplorerUrls: ['https://arbiscan.io'],
  }),
  unknownDeployment({
    name: 'Polygon',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    rpcUrls: ['https://polygon-rpc.com', 'https://polygon-bor-rpc.publicnode.com', 'https://polygon.drpc.org'],
    blockExplorerUrls: ['https://polygonscan.com'],
  }),
  unknownDeployment({
    name: 'Optimism',
    nativeCurrency: ETHER,
    rpcUrls: ['https://mainnet.optimism.io', 'https://optimism-rpc.publicnode.com', 'https://optimism.drpc.org'],
    blockExplorerUrls: ['https://optimistic.etherscan.io'],
  }),
  unknownDeployment({
    name: 'Base',
    nativeCurrency: ETHER,
    rpcUrls: ['https://mainnet.base.org', 'https://base-rpc.publicnode.com', 'https://base.drpc.org'],
    blockExplorerUrls: ['https://basescan.org'],
  }),
  unknownDeployment({
    name: 'Avalanche',
    nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    rpcUrls: [
      'https://api.avax.network/ext/bc/C/rpc',
      'https://avalanche-c-chain-rpc.publicnode.com',
      'https://avalanche.drpc.org',
    ],
    blockExplorerUrls: ['https://snowtrace.io'],
  }),
  {
    name: 'Pulsechain',
    chainId: CHAIN_IDS.Pulsechain,
    nativeCurrency: { name: 'Pulse', symbol: 'PLS', decimals: 18 },
    rpcUrls: ['https://rpc.pulsechain.com', 'https://pulsechain-rpc.publicnode.com', 'https://rpc-pulsechain.g4mm4.io'],
    blockExplorerUrls: ['https://scan.pulsechain.com'],
    tokens: NO_TOKENS,
    priceController: null,
    silverFeed: null,
    multicall3: null,
    listedTokens: [
      { symbol: 'PLSX', name: 'PulseX', address: '0x95B303987A60C71504D99Aa1b13B4DA07b0790ab', decimals: 18 },
    ],
    comingSoon: true,
  },
] satisfies NetworkConfig[]);

function unknownDeployment(
  network: Pick<NetworkConfig, 'name' | 'nativeCurrency' | 'rpcUrls' | 'blockExplorerUrls'>,
): NetworkConfig {
  return {
    ...network,
    chainId: CHAIN_IDS[network.name],
    tokens: NO_TOKENS,
    priceController: null,
    silverFeed: null,
    multicall3: MULTICALL3_ADDRESS,
    listedTokens: [],
    comingSoon: false,
  };
}
