import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { CHAIN_NAMES } from './names.js';
import { isAddress, MAINNET_NETWORKS, MULTICALL3_ADDRESS, type NetworkConfig } from './networks.js';
import {
  DEVNET_ADDRESSES,
  DEVNET_CHAINS,
  DEVNET_DEMO_WALLETS,
  activeNetworks,
  devnetRpcUrl,
  parseNetworkProfile,
  resolveNetworks,
  toAddEthereumChainParameter,
} from './profiles.js';
import { numberToUnits, unitsToNumber } from './units.js';

const addressesOf = (network: NetworkConfig) =>
  [network.tokens.XSD, network.tokens.BankX, network.priceController, network.silverFeed, network.multicall3].filter(
    (a): a is `0x${string}` => a !== null,
  );

describe('the network table', () => {
  it('lists the eight networks in display order with their chain ids', () => {
    expect(MAINNET_NETWORKS.map((n) => [n.name, n.chainId])).toEqual([
      ['Ethereum', 1],
      ['BSC', 56],
      ['Arbitrum', 42161],
      ['Polygon', 137],
      ['Optimism', 10],
      ['Base', 8453],
      ['Avalanche', 43114],
      ['Pulsechain', 369],
    ]);
    expect(MAINNET_NETWORKS.map((n) => n.name)).toEqual([...CHAIN_NAMES]);
  });

  it('gives every mainnet network three https RPC URLs, an explorer and an 18-decimal native currency', () => {
    for (const network of MAINNET_NETWORKS) {
      expect(network.rpcUrls).toHaveLength(3);
      expect(new Set(network.rpcUrls).size).toBe(3);
      for (const url of [...network.rpcUrls, ...network.blockExplorerUrls]) expect(url).toMatch(/^https:\/\//);
      expect(network.blockExplorerUrls.length).toBeGreaterThan(0);
      expect(network.nativeCurrency.decimals).toBe(18);
    }
  });

  it('holds the known mainnet deployments of Ethereum and BSC', () => {
    const [ethereum, bsc] = MAINNET_NETWORKS;
    expect(ethereum.tokens).toEqual({
      XSD: '0x75Cae30025A514b7AE069917E132Cc99762A0e16',
      BankX: getAddress('0x13e636cbfd6a7d33a8df7ebbf42f63adc9bb592a'),
    });
    expect(ethereum.priceController).toBe('0xAbAc1C04408Cb6509BC9340e6b033c17F161Ef9e');
    expect(ethereum.silverFeed).toBe('0x379589227b15F1a12195D3f2d90bBc9F31f95235');
    expect(bsc.tokens).toEqual({
      XSD: '0x39400E67820c88A9D67F4F9c1fbf86f3D688e9F6',
      BankX: '0x4d369BD339709021267E92702A9E4cE30be85706',
    });
    expect(bsc.priceController).toBe('0x6683FFdA5267e1F7E9Bf6790849a4eCdD63ed134');
  });

  it('keeps Pulsechain coming soon, with PLS, PLSX and no XSD or BankX addresses', () => {
    const pulsechain = MAINNET_NETWORKS[7];
    expect(pulsechain).toMatchObject({ name: 'Pulsechain', chainId: 369, comingSoon: true, priceController: null });
    expect(pulsechain.tokens).toEqual({ XSD: null, BankX: null });
    expect(pulsechain.nativeCurrency.symbol).toBe('PLS');
    expect(pulsechain.listedTokens.map((t) => [t.symbol, t.decimals])).toEqual([['PLSX', 18]]);
    expect(MAINNET_NETWORKS.filter((n) => n.comingSoon).map((n) => n.name)).toEqual(['Pulsechain']);
  });

  it('writes every address EIP-55 checksummed', () => {
    for (const network of [...MAINNET_NETWORKS, ...resolveNetworks('devnet')]) {
      for (const address of [...addressesOf(network), ...network.listedTokens.map((t) => t.address)]) {
        expect(getAddress(address)).toBe(address);
      }
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(MAINNET_NETWORKS)).toBe(true);
    expect(Object.isFrozen(MAINNET_NETWORKS[0].tokens)).toBe(true);
    expect(Object.isFrozen(resolveNetworks('devnet')[2].rpcUrls)).toBe(true);
  });
});

describe('the profiles', () => {
  const mainnet = resolveNetworks('mainnet');
  const devnet = resolveNetworks('devnet');

  it('serve the devnet from 127.0.0.1:8545..8551 in display order', () => {
    expect(devnet.slice(0, 7).map((n) => n.rpcUrls)).toEqual(
      [8545, 8546, 8547, 8548, 8549, 8550, 8551].map((port) => [`http://127.0.0.1:${port}`]),
    );
    expect(devnet[7].rpcUrls).toEqual([]);
  });

  it('move the devnet ports with the base port', () => {
    const moved = resolveNetworks('devnet', { basePort: 30_000 });
    expect(moved.map((n) => n.rpcUrls[0])).toEqual([...DEVNET_CHAINS.map((c) => devnetRpcUrl(c, 30_000)), undefined]);
    expect(moved[6].rpcUrls).toEqual(['http://127.0.0.1:30006']);
    expect(() => resolveNetworks('devnet', { basePort: 65_530 })).toThrow(/base port/);
  });

  it('differ only in RPC URLs and in addresses the mainnet does not have', () => {
    expect(devnet).toHaveLength(mainnet.length);
    mainnet.forEach((m, i) => {
      const d = devnet[i];
      const { rpcUrls: _m, tokens: mt, priceController: mp, silverFeed: ms, multicall3: mm, ...mainRest } = m;
      const { rpcUrls: _d, tokens: dt, priceController: dp, silverFeed: ds, multicall3: dm, ...devRest } = d;
      expect(devRest).toEqual(mainRest);
      // Where the mainnet has an address, the devnet has the same one; it may only fill gaps.
      const pairs: [string | null, string | null][] = [
        [mt.XSD, dt.XSD],
        [mt.BankX, dt.BankX],
        [mp, dp],
        [ms, ds],
        [mm, dm],
      ];
      for (const [onMainnet, onDevnet] of pairs) if (onMainnet !== null) expect(onDevnet).toBe(onMainnet);
    });
    expect(mainnet.map((n) => n.rpcUrls)).toEqual(MAINNET_NETWORKS.map((n) => n.rpcUrls));
  });

  it('give the devnet the documented fixed addresses where the mainnet has none', () => {
    for (const [chain, addresses] of Object.entries(DEVNET_ADDRESSES)) {
      const network = devnet.find((n) => n.name === chain)!;
      expect(network.tokens).toEqual({ XSD: addresses.XSD, BankX: addresses.BankX });
      expect(network.priceController).toBe(addresses.priceController);
      expect(mainnet.find((n) => n.name === chain)!.tokens).toEqual({ XSD: null, BankX: null });
    }
    const all = devnet.flatMap((n) => [n.tokens.XSD, n.tokens.BankX, n.priceController]).filter(Boolean);
    expect(new Set(all).size).toBe(all.length);
    expect(devnet.slice(0, 7).every((n) => n.multicall3 === MULTICALL3_ADDRESS)).toBe(true);
    expect(devnet.filter((n) => n.silverFeed).map((n) => n.name)).toEqual(['Ethereum']);
  });

  it('make all seven chains active on the devnet and only the known deployments on the mainnet', () => {
    expect(activeNetworks(devnet).map((n) => n.name)).toEqual([...DEVNET_CHAINS]);
    expect(activeNetworks(mainnet).map((n) => n.name)).toEqual(['Ethereum', 'BSC']);
  });

  it('take operator overrides for RPC URLs and addresses', () => {
    const configured = resolveNetworks('mainnet', {
      overrides: {
        Base: {
          rpcUrls: ['https://base.example'],
          tokens: { XSD: DEVNET_ADDRESSES.Base.XSD, BankX: DEVNET_ADDRESSES.Base.BankX },
          priceController: DEVNET_ADDRESSES.Base.priceController,
        },
      },
    });
    expect(activeNetworks(configured).map((n) => n.name)).toEqual(['Ethereum', 'BSC', 'Base']);
    expect(configured[5].rpcUrls).toEqual(['https://base.example']);
    expect(() => resolveNetworks('mainnet', { overrides: { Base: { priceController: '0x1234' } } })).toThrow(
      /Invalid address/,
    );
  });

  it('parse the profile name, with a fallback when unset', () => {
    expect(parseNetworkProfile(undefined, 'devnet')).toBe('devnet');
    expect(parseNetworkProfile('', 'mainnet')).toBe('mainnet');
    expect(parseNetworkProfile(' mainnet ', 'devnet')).toBe('mainnet');
    expect(() => parseNetworkProfile('testnet', 'devnet')).toThrow(/Unknown network profile 'testnet'/);
  });
});

describe('the helpers', () => {
  it('builds a wallet add-chain request with a hex chain id', () => {
    expect(toAddEthereumChainParameter(MAINNET_NETWORKS[2])).toEqual({
      chainId: '0xa4b1',
      chainName: 'Arbitrum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: MAINNET_NETWORKS[2].rpcUrls,
      blockExplorerUrls: ['https://arbiscan.io'],
    });
  });

  it('converts on-chain units to numbers and back exactly', () => {
    expect(unitsToNumber(1_234_567n, 6)).toBe(1.234567);
    expect(unitsToNumber(3_110_000_000n, 8)).toBe(31.1);
    expect(unitsToNumber(-5n, 2)).toBe(-0.05);
    expect(unitsToNumber(20_000n * 10n ** 18n, 18)).toBe(20_000);
    expect(numberToUnits(1.234567, 6)).toBe(1_234_567n);
    expect(numberToUnits(0.1, 18)).toBe(100_000_000_000_000_000n);
    expect(numberToUnits(-31.1, 8)).toBe(-3_110_000_000n);
    expect(numberToUnits(1.0000005, 6)).toBe(1_000_001n);
    expect(numberToUnits(1e-7, 6)).toBe(0n);
    expect(numberToUnits(2e21, 6)).toBe(2n * 10n ** 27n);
    for (const units of [1n, 999_999n, 1_005_505n, 123_456_789_012n]) {
      expect(numberToUnits(unitsToNumber(units, 6), 6)).toBe(units);
    }
  });

  it('documents three demo wallets: anvil accounts 0 to 2', () => {
    expect(DEVNET_DEMO_WALLETS.map((w) => getAddress(w.address))).toEqual([
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    ]);
  });
});

describe('isAddress', () => {
  it('takes 0x and 40 hex digits in any case, and nothing else', () => {
    expect(isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(true);
    expect(isAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(true);
    for (const bad of ['70997970c51812dc3a010c7d01b50e0d17dc79c8', '0x70997970c51812dc3a010c7d01b50e0d17dc79c', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8a', '0x70997970c51812dc3a010c7d01b50e0d17dc79cg', ' 0x70997970c51812dc3a010c7d01b50e0d17dc79c8']) {
      expect(isAddress(bad), bad).toBe(false);
    }
  });
});
