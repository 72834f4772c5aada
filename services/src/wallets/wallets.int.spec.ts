import {
  DEVNET_CHAINS,
  activeNetworks,
  type ActiveNetwork,
  type DevnetChainName,
  type NetworkConfig,
} from '@xsd/contracts';
import { INVALID_WALLET_ADDRESS_MESSAGE, type WalletScanResponse } from '@xsd/contracts/api/wallets';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainReader } from '../chains/rpc/chain-reader.js';
import { startDevnet, type Devnet } from '../devnet/devnet.js';
import { findFreeBasePort } from '../devnet/free-port.js';
import { createApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';
import { startRpcProxy, type RpcProxy } from '../testing/rpc-proxy.js';
import { waitFor } from '../testing/wait-for.js';
import { InvalidWalletAddressError, scanWallet } from './wallet-scanner.js';

const FAST_READS = { backoffBaseMs: 1, backoffMaxMs: 8, timeoutMs: 2_000 };
const EMPTY_WALLET = '0x000000000000000000000000000000000000dEaD';

describe('the wallet scanner', () => {
  let devnet: Devnet;
  /** The devnet's networks, each read through a counting proxy. */
  let networks: readonly NetworkConfig[];
  let active: readonly ActiveNetwork[];
  const proxies = new Map<DevnetChainName, RpcProxy>();
  const requests = () => Object.fromEntries([...proxies].map(([chain, proxy]) => [chain, proxy.requests]));
  const resetCounts = () => proxies.forEach((proxy) => proxy.reset());
  const readerFor = (network: ActiveNetwork) => new ChainReader(network, FAST_READS);

  beforeAll(async () => {
    devnet = await startDevnet({ seed: 99, basePort: await findFreeBasePort(), simulate: false });
    for (const chain of DEVNET_CHAINS) {
      const node = devnet.nodes().find((n) => n.chain === chain)!;
      proxies.set(chain, await startRpcProxy(node.rpcUrl));
    }
    networks = devnet.networks.map((n) =>
      proxies.has(n.name as DevnetChainName) ? { ...n, rpcUrls: [proxies.get(n.name as DevnetChainName)!.url] } : n,
    );
    active = activeNetworks(networks);
  });

  afterAll(async () => {
    await Promise.all([...proxies.values()].map((p) => p.close()));
    await devnet?.stop();
  });

  it('values both balances on all seven chains with one call per chain', async () => {
    const market = await devnet.step();
    const wallet = devnet.demoWallets[2];
    resetCounts();
    const scan = await scanWallet(wallet.address.toLowerCase(), { networks: active, readerFor });
    expect(requests()).toEqual(Object.fromEntries(DEVNET_CHAINS.map((chain) => [chain, 1])));
    expect(scan.address).toBe(wallet.address);
    expect(scan.failed_chains).toEqual([]);
    expect(scan.chains.map((c) => [c.chain, c.status])).toEqual(DEVNET_CHAINS.map((chain) => [chain, 'ok']));
    expect(scan.silver_price_per_gram).toBe(market.silverGramPrice);
    expect(scan.balances).toHaveLength(14);
    for (const chain of DEVNET_CHAINS) {
      const xsd = scan.balances.find((b) => b.chain === chain && b.token === 'XSD')!;
      const price = market.prices[chain].XSD;
      expect(xsd).toEqual({
        token: 'XSD',
        chain,
        balance: 20_000,
        price,
        value: 20_000 * price,
        pegValue: 20_000 * market.silverGramPrice,
        pegDeviation: ((price - market.silverGramPrice) / market.silverGramPrice) * 100,
      });
      const bankx = scan.balances.find((b) => b.chain === chain && b.token === 'BankX')!;
      expect(bankx).toEqual({ token: 'BankX', chain, balance: 100_000, price: market.prices[chain].BankX, value: 100_000 * market.prices[chain].BankX });
    }
    expect(scan.total_value).toBeCloseTo(
      scan.balances.reduce((sum, b) => sum + b.value!, 0),
      6,
    );
  });

  it('lists no balance for an empty wallet but every chain as read', async () => {
    const scan = await scanWallet(EMPTY_WALLET, { networks: active, readerFor });
    expect(scan.balances).toEqual([]);
    expect(scan.total_value).toBe(0);
    expect(scan.chains.every((c) => c.status === 'ok' && c.balances.XSD === 0 && c.balances.BankX === 0)).toBe(true);
  });

  it('reports a failed balance call as a failed chain, not as a zero balance', async () => {
    const broken = active.map((n) =>
      n.name === 'Polygon' ? { ...n, tokens: { ...n.tokens, XSD: '0x00000000000000000000000000000000DeaDBeef' as const } } : n,
    );
    const scan = await scanWallet(devnet.demoWallets[0].address, { networks: broken, readerFor });
    expect(scan.chains.find((c) => c.chain === 'Polygon')).toEqual({
      chain: 'Polygon',
      status: 'failed',
      error: expect.stringMatching(/^XSD balance: empty answer/),
    });
    expect(scan.failed_chains).toEqual(['Polygon']);
    expect(scan.balances.some((b) => b.chain === 'Polygon')).toBe(false);
    expect(scan.balances).toHaveLength(12);
  });

  it('reports a chain whose node is down as failed next to the ones that worked', async () => {
    await devnet.stopNode('Base');
    try {
      const scan = await scanWallet(devnet.demoWallets[1].address, { networks: active, readerFor });
      expect(scan.failed_chains).toEqual(['Base']);
      expect(scan.chains.find((c) => c.chain === 'Base')).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/^Base: every RPC endpoint failed/),
      });
      expect(scan.chains.filter((c) => c.status === 'ok')).toHaveLength(6);
      expect(scan.balances).toHaveLength(12);
    } finally {
      await devnet.startNode('Base');
    }
  });

  it('refuses an invalid address before calling any chain', async () => {
    resetCounts();
    for (const bad of ['0x123', 'hello', '0x70997970c51812dc3a010c7d01b50e0d17dc79c', '0x70997970C51812DC3A010C7D01B50E0D17DC79c8']) {
      await expect(scanWallet(bad, { networks: active, readerFor })).rejects.toThrow(InvalidWalletAddressError);
    }
    expect(Object.values(requests()).every((n) => n === 0)).toBe(true);
  });

  describe('through the API', () => {
    let api: ApiTestApp;
    const get = (path: string) => request(api.app.getHttpServer()).get(path);

    beforeAll(async () => {
      api = await createApiTestApp({
        networks,
        readerOptions: FAST_READS,
        ingestor: { minGapMs: 0, retry: { max: 5, baseMs: 1, capMs: 30 }, probeStoppedEveryMs: null },
      });
    });

    afterAll(async () => {
      await api?.close();
    });

    it('GET /api/wallets/:address values balances with the latest accepted prices', async () => {
      const market = await devnet.step();
      const report = await api.ingestor!.tick();
      expect(report.skipped).toBe(false);
      await api.caughtUp();
      const wallet = devnet.demoWallets[1];
      const { body } = (await get(`/api/wallets/${wallet.address.toLowerCase()}`).expect(200)) as { body: WalletScanResponse };
      expect(body.address).toBe(wallet.address);
      expect(body.failed_chains).toEqual([]);
      expect(body.silver_price_per_gram).toBe(market.silverGramPrice);
      const xsd = body.balances.find((b) => b.chain === 'Arbitrum' && b.token === 'XSD')!;
      expect(xsd).toMatchObject({ balance: 1_000, price: market.prices.Arbitrum.XSD, value: 1_000 * market.prices.Arbitrum.XSD });
      expect(xsd.pegValue).toBe(1_000 * market.silverGramPrice);
      expect(body.chains).toHaveLength(7);
    });

    it('answers 400 with a clear message for an invalid address, and calls no chain', async () => {
      resetCounts();
      const bad = await get('/api/wallets/0x1234').expect(400);
      expect(bad.body).toEqual({ error: { code: 'invalid_address', message: INVALID_WALLET_ADDRESS_MESSAGE } });
      const checksum = await get('/api/wallets/0x70997970C51812DC3A010C7D01B50E0D17DC79c8').expect(400);
      expect(checksum.body.error.message).toMatch(/checksum/);
      expect(Object.values(requests()).every((n) => n === 0)).toBe(true);
    });

    it('shows in /api/health a chain the ingestor stopped after more than 5 failures, the others ticking', async () => {
      const report = await api.ingestor!.tick();
      expect(report.skipped).toBe(false);
      await devnet.stopNode('Polygon');
      try {
        await api.ingestor!.tick();
        await waitFor(
          async () => {
            const { body } = await get('/api/health');
            return body.chains.items.find((c: { chain: string }) => c.chain === 'Polygon').status === 'stopped';
          },
          { timeoutMs: 15_000, message: 'Polygon to show as stopped in /api/health' },
        );
        const health = await get('/api/health').expect(200);
        expect(health.body.chains.status).toBe('degraded');
        const polygon = health.body.chains.items.find((c: { chain: string }) => c.chain === 'Polygon');
        expect(polygon).toMatchObject({
          status: 'stopped',
          stopped: true,
          consecutiveFailures: 6,
          lastError: expect.stringMatching(/^Polygon: every RPC endpoint failed/),
        });
        const others = health.body.chains.items.filter((c: { chain: string }) => c.chain !== 'Polygon');
        expect(others.map((c: { status: string }) => c.status)).toEqual(Array(6).fill('ok'));
        expect(others.every((c: { lastTickAt: string | null }) => c.lastTickAt !== null)).toBe(true);
      } finally {
        await devnet.startNode('Polygon');
      }
    });
  });
});
