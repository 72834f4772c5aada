import { deepFreeze } from './freeze.js';
import type { ChainName, TokenName } from './names.js';
import { isAddress, MAINNET_NETWORKS, MULTICALL3_ADDRESS, type Address, type NetworkConfig } from './networks.js';

/**
 * Where the product reads chains from. `devnet`: seven local anvil nodes (`xsd devnet`,
 * `make start`); `mainnet`: public RPC endpoints. The two differ only in RPC URLs and in the
 * addresses the devnet has and the mainnet table does not.
 */
export const NETWORK_PROFILES = ['devnet', 'mainnet'] as const;
export type NetworkProfile = (typeof NETWORK_PROFILES)[number];

export const DEVNET_HOST = '127.0.0.1';
export const DEFAULT_DEVNET_BASE_PORT = 8545;

/** The chains the devnet runs, one anvil each, on basePort + index (8545..8551 by default). */
export const DEVNET_CHAINS = [
  'Ethereum',
  'BSC',
  'Arbitrum',
  'Polygon',
  'Optimism',
  'Base',
  'Avalanche',
] as const satisfies readonly ChainName[];
export type DevnetChainName = (typeof DEVNET_CHAINS)[number];

export interface DevnetContractAddresses {
  readonly XSD: Address;
  readonly BankX: Address;
  readonly priceController: Address;
}

/**
 * Fixed devnet addresses for the chains whose mainnet deployments the design does not know.
 * Pattern: 0xde + kind (01 XSD, 02 BankX, 03 price controller) + zeros + the chain id's decimal
 * digits. Ethereum and BSC use their mainnet addresses on the devnet too, and every devnet chain
 * has Multicall3 at its usual address and (Ethereum only) the Chainlink XAG/USD feed at its
 * mainnet address.
 *
 * | chain     | XSD                                        | BankX                                      | price controller                           |
 * | --------- | ------------------------------------------ | ------------------------------------------ | ------------------------------------------ |
 * | Ethereum  | 0x75Cae30025A514b7AE069917E132Cc99762A0e16 | 0x13E636CBFD6a7d33a8df7eBbF42f63ADC9bB592A | 0xAbAc1C04408Cb6509BC9340e6b033c17F161Ef9e |
 * | BSC       | 0x39400E67820c88A9D67F4F9c1fbf86f3D688e9F6 | 0x4d369BD339709021267E92702A9E4cE30be85706 | 0x6683FFdA5267e1F7E9Bf6790849a4eCdD63ed134 |
 * | Arbitrum  | 0xde01000000000000000000000000000000042161 | 0xDE02000000000000000000000000000000042161 | 0xdE03000000000000000000000000000000042161 |
 * | Polygon   | 0xDe01000000000000000000000000000000000137 | 0xde02000000000000000000000000000000000137 | 0xDe03000000000000000000000000000000000137 |
 * | Optimism  | 0xdE01000000000000000000000000000000000010 | 0xdE02000000000000000000000000000000000010 | 0xDE03000000000000000000000000000000000010 |
 * | Base      | 0xDe01000000000000000000000000000000008453 | 0xdE02000000000000000000000000000000008453 | 0xDE03000000000000000000000000000000008453 |
 * | Avalanche | 0xde01000000000000000000000000000000043114 | 0xDe02000000000000000000000000000000043114 | 0xde03000000000000000000000000000000043114 |
 *
 * Multicall3 0xcA11bde05977b3631167028862bE2a173976CA11 on all seven; Chainlink XAG/USD
 * 0x379589227b15F1a12195D3f2d90bBc9F31f95235 on Ethereum.
 */
export const DEVNET_ADDRESSES: Readonly<
  Record<Exclude<DevnetChainName, 'Ethereum' | 'BSC'>, DevnetContractAddresses>
> = deepFreeze({
  Arbitrum: {
    XSD: '0xde01000000000000000000000000000000042161',
    BankX: '0xDE02000000000000000000000000000000042161',
    priceController: '0xdE03000000000000000000000000000000042161',
  },
  Polygon: {
    XSD: '0xDe01000000000000000000000000000000000137',
    BankX: '0xde02000000000000000000000000000000000137',
    priceController: '0xDe03000000000000000000000000000000000137',
  },
  Optimism: {
    XSD: '0xdE01000000000000000000000000000000000010',
    BankX: '0xdE02000000000000000000000000000000000010',
    priceController: '0xDE03000000000000000000000000000000000010',
  },
  Base: {
    XSD: '0xDe01000000000000000000000000000000008453',
    BankX: '0xdE02000000000000000000000000000000008453',
    priceController: '0xDE03000000000000000000000000000000008453',
  },
  Avalanche: {
    XSD: '0xde01000000000000000000000000000000043114',
    BankX: '0xDe02000000000000000000000000000000043114',
    priceController: '0xde03000000000000000000000000000000043114',
  },
});

/**
 * The documented demo wallets: anvil's first three default accounts (mnemonic "test test test
 * test test test test test test test test junk"). The devnet mints them these balances of XSD and
 * BankX on every devnet chain.
 */
export const DEVNET_DEMO_WALLETS = deepFreeze([
  { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', balances: { XSD: 10, BankX: 250 } },
  { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', balances: { XSD: 1_000, BankX: 5_000 } },
  { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', balances: { XSD: 20_000, BankX: 100_000 } },
] as const satisfies readonly { address: Address; balances: Record<TokenName, number> }[]);

/** Replaces parts of one network's entry: an operator's RPC endpoints, or a deployment's addresses. */
export interface NetworkOverride {
  readonly rpcUrls?: readonly string[];
  readonly tokens?: Partial<Record<TokenName, Address | null>>;
  readonly priceController?: Address | null;
  readonly silverFeed?: Address | null;
}

export interface ResolveNetworksOptions {
  /** Devnet only: the port of the Ethereum node; the others follow (default 8545). */
  readonly basePort?: number;
  readonly overrides?: Partial<Record<ChainName, NetworkOverride>>;
}

export function isNetworkProfile(value: string): value is NetworkProfile {
  return (NETWORK_PROFILES as readonly string[]).includes(value);
}

/** Reads `XSD_NETWORK_PROFILE`-style input: empty means the fallback, anything unknown throws. */
export function parseNetworkProfile(value: string | undefined, fallback: NetworkProfile): NetworkProfile {
  if (value === undefined || value.trim() === '') return fallback;
  const profile = value.trim();
  if (!isNetworkProfile(profile)) {
    throw new Error(`Unknown network profile '${value}': expected ${NETWORK_PROFILES.join(' or ')}`);
  }
  return profile;
}

export function isDevnetChain(name: ChainName): name is DevnetChainName {
  return (DEVNET_CHAINS as readonly string[]).includes(name);
}

export function devnetPort(chain: DevnetChainName, basePort = DEFAULT_DEVNET_BASE_PORT): number {
  return basePort + DEVNET_CHAINS.indexOf(chain);
}

export function devnetRpcUrl(chain: DevnetChainName, basePort = DEFAULT_DEVNET_BASE_PORT): string {
  return `http://${DEVNET_HOST}:${devnetPort(chain, basePort)}`;
}

/** The network table of a profile, in display order, frozen. */
export function resolveNetworks(
  profile: NetworkProfile,
  options: ResolveNetworksOptions = {},
): readonly NetworkConfig[] {
  const basePort = options.basePort ?? DEFAULT_DEVNET_BASE_PORT;
  if (!Number.isInteger(basePort) || basePort < 1 || basePort + DEVNET_CHAINS.length - 1 > 65_535) {
    throw new Error(`Invalid devnet base port ${basePort}`);
  }
  const networks = MAINNET_NETWORKS.map((network) => {
    const profiled = profile === 'devnet' ? toDevnet(network, basePort) : network;
    return applyOverride(profiled, options.overrides?.[network.name]);
  });
  return deepFreeze(networks);
}

function toDevnet(network: NetworkConfig, basePort: number): NetworkConfig {
  if (!isDevnetChain(network.name)) {
    // Pulsechain is coming soon: no node runs for it on the devnet.
    return { ...network, rpcUrls: [] };
  }
  const extra = network.name === 'Ethereum' || network.name === 'BSC' ? undefined : DEVNET_ADDRESSES[network.name];
  return {
    ...network,
    rpcUrls: [devnetRpcUrl(network.name, basePort)],
    tokens: extra ? { XSD: extra.XSD, BankX: extra.BankX } : network.tokens,
    priceController: extra?.priceController ?? network.priceController,
    multicall3: MULTICALL3_ADDRESS,
  };
}

function applyOverride(network: NetworkConfig, override: NetworkOverride | undefined): NetworkConfig {
  if (!override) return network;
  const addresses = [
    ...Object.values(override.tokens ?? {}),
    override.priceController,
    override.silverFeed,
  ].filter((a): a is Address => typeof a === 'string');
  for (const address of addresses) {
    if (!isAddress(address)) throw new Error(`Invalid address '${address}' for ${network.name}`);
  }
  return {
    ...network,
    rpcUrls: override.rpcUrls ? [...override.rpcUrls] : network.rpcUrls,
    tokens: { ...network.tokens, ...override.tokens },
    priceController: override.priceController === undefined ? network.priceController : override.priceController,
    silverFeed: override.silverFeed === undefined ? network.silverFeed : override.silverFeed,
  };
}

/** A network the product reads: not coming soon, with both tokens, a price controller and Multicall3. */
export interface ActiveNetwork extends NetworkConfig {
  readonly tokens: Readonly<Record<TokenName, Address>>;
  readonly priceController: Address;
  readonly multicall3: Address;
  readonly comingSoon: false;
}

export function isActiveNetwork(network: NetworkConfig): network is ActiveNetwork {
  return (
    !network.comingSoon &&
    network.tokens.XSD !== null &&
    network.tokens.BankX !== null &&
    network.priceController !== null &&
    network.multicall3 !== null &&
    network.rpcUrls.length > 0
  );
}

export function activeNetworks(networks: readonly NetworkConfig[]): readonly ActiveNetwork[] {
  return networks.filter(isActiveNetwork);
}

export function findNetwork(networks: readonly NetworkConfig[], name: ChainName): NetworkConfig | undefined {
  return networks.find((n) => n.name === name);
}

/** The parameter of a wallet's `wallet_addEthereumChain` request (EIP-3085). */
export function toAddEthereumChainParameter(network: NetworkConfig) {
  return {
    chainId: `0x${network.chainId.toString(16)}`,
    chainName: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: [...network.rpcUrls],
    blockExplorerUrls: [...network.blockExplorerUrls],
  };
}
