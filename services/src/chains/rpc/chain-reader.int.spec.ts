import { createServer, type Server } from 'node:net';
import {
  DEVNET_CHAINS,
  GRAMS_PER_TROY_OUNCE,
  activeNetworks,
  type ActiveNetwork,
  type DevnetChainName,
} from '@xsd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/devnet.js';
import { findFreeBasePort } from '../../devnet/free-port.js';
import { startRpcProxy, type RpcProxy } from '../../testing/rpc-proxy.js';
import { ChainReader, ChainUnavailableError } from './chain-reader.js';
import { readChain } from './chain-reads.js';

/** Sleeps that return at once but remember what was asked: the back-off without the wait. */
function recordingSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

/** A port that refuses connections: bound by nobody. */
async function deadUrl(): Promise<string> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('reading chains through Multicall3', () => {
  let devnet: Devnet;
  let networks: readonly ActiveNetwork[];
  const proxies: RpcProxy[] = [];
  const network = (chain: DevnetChainName) => networks.find((n) => n.name === chain)!;
  const proxy = async (chain: DevnetChainName, options?: { delayMs?: number }) => {
    const started = await startRpcProxy(network(chain).rpcUrls[0], options);
    proxies.push(started);
    return started;
  };

  beforeAll(async () => {
    devnet = await startDevnet({ seed: 77, basePort: await findFreeBasePort(), simulate: false });
    networks = activeNetworks(devnet.networks);
  });

  afterAll(async () => {
    await Promise.all(proxies.map((p) => p.close()));
    await devnet?.stop();
  });

  it('reads on each chain exactly the prices the simulator set, in one eth_call per chain', async () => {
    const snapshot = await devnet.step();
    await Promise.all(
      DEVNET_CHAINS.map(async (chain) => {
        const counter = await proxy(chain);
        const reader = new ChainReader({ ...network(chain), rpcUrls: [counter.url] });
        const reading = await readChain(reader, network(chain), { prices: true });
        expect(reading.prices).toEqual({
          XSD: { ok: true, value: snapshot.prices[chain].XSD },
          BankX: { ok: true, value: snapshot.prices[chain].BankX },
        });
        expect(reading.blockNumber).toBeGreaterThan(0);
        expect(counter.methods).toEqual(['eth_call']);
      }),
    );
  });

  it('reads the silver feed on Ethereum only: per gram = ounce / 31.1034768', async () => {
    const snapshot = await devnet.setSilverOuncePrice(30.12345678);
    const ethereum = await readChain(new ChainReader(network('Ethereum')), network('Ethereum'), { prices: true });
    expect(ethereum.silver).toMatchObject({ ok: true, value: { ouncePrice: 30.12345678 } });
    const silver = ethereum.silver as { ok: true; value: { gramPrice: number; roundId: string } };
    expect(silver.value.gramPrice).toBe(30.12345678 / GRAMS_PER_TROY_OUNCE);
    expect(silver.value.gramPrice).toBe(snapshot.silverGramPrice);
    expect(Number(silver.value.roundId)).toBeGreaterThan(0);
    const bsc = await readChain(new ChainReader(network('BSC')), network('BSC'), { prices: true });
    expect(bsc.silver).toBeUndefined();
  });

  it('reads a price of 0 as 0, for the ingestor to refuse', async () => {
    await devnet.setTokenPrice('Optimism', 'BankX', 0);
    const reading = await readChain(new ChainReader(network('Optimism')), network('Optimism'), { prices: true });
    expect(reading.prices!.BankX).toEqual({ ok: true, value: 0 });
    await devnet.setTokenPrice('Optimism', 'BankX', 0.42);
  });

  it('reads both balances of a wallet in the same single call', async () => {
    const counter = await proxy('Polygon');
    const wallet = devnet.demoWallets[1];
    const reading = await readChain(new ChainReader({ ...network('Polygon'), rpcUrls: [counter.url] }), network('Polygon'), {
      balancesOf: wallet.address,
    });
    expect(reading.balances).toEqual({
      XSD: { ok: true, value: wallet.balances.XSD },
      BankX: { ok: true, value: wallet.balances.BankX },
    });
    expect(reading.prices).toBeUndefined();
    expect(counter.requests).toBe(1);
  });

  it('reads both total supplies with the prices in the same single call', async () => {
    const counter = await proxy('Base');
    const reading = await readChain(new ChainReader({ ...network('Base'), rpcUrls: [counter.url] }), network('Base'), {
      prices: true,
      supplies: true,
    });
    const minted = (token: 'XSD' | 'BankX') => devnet.demoWallets.reduce((sum, wallet) => sum + wallet.balances[token], 0);
    expect(reading.supplies).toEqual({ XSD: { ok: true, value: minted('XSD') }, BankX: { ok: true, value: minted('BankX') } });
    expect(reading.prices!.XSD.ok).toBe(true);
    expect(counter.methods).toEqual(['eth_call']);
    const broken: ActiveNetwork = { ...network('Base'), tokens: { ...network('Base').tokens, BankX: network('Base').priceController } };
    const failed = await readChain(new ChainReader(broken), broken, { supplies: true });
    expect(failed.supplies!.BankX).toEqual({ ok: false, error: 'BankX supply: call reverted' });
    expect(failed.prices).toBeUndefined();
  });

  it('reports a failed call inside the batch instead of reading it as 0', async () => {
    const base = network('Base');
    // Price calls sent to a token contract revert; a balance read at an address without code answers nothing.
    const broken: ActiveNetwork = {
      ...base,
      priceController: base.tokens.XSD,
      tokens: { XSD: '0x00000000000000000000000000000000DeaDBeef', BankX: base.tokens.BankX },
    };
    const reading = await readChain(new ChainReader(broken), broken, { prices: true, balancesOf: devnet.demoWallets[0].address });
    expect(reading.prices!.XSD).toEqual({ ok: false, error: 'XSD price: call reverted' });
    expect(reading.prices!.BankX).toEqual({ ok: false, error: 'BankX price: call reverted' });
    expect(reading.balances!.XSD).toMatchObject({ ok: false, error: expect.stringMatching(/^XSD balance: empty answer/) });
    expect(reading.balances!.BankX).toEqual({ ok: true, value: devnet.demoWallets[0].balances.BankX });
  });

  it('falls back to the next endpoint when one is killed, and keeps using the one that works', async () => {
    const [first, second] = [await proxy('Arbitrum'), await proxy('Arbitrum')];
    const { delays, sleep } = recordingSleep();
    const reader = new ChainReader({ ...network('Arbitrum'), rpcUrls: [first.url, second.url] }, { sleep });
    await readChain(reader, network('Arbitrum'), { prices: true });
    expect([first.requests, second.requests]).toEqual([1, 0]);

    await first.close();
    const reading = await readChain(reader, network('Arbitrum'), { prices: true });
    expect(reading.prices!.XSD).toEqual({ ok: true, value: devnet.market().prices.Arbitrum.XSD });
    expect(second.requests).toBe(1);
    await readChain(reader, network('Arbitrum'), { prices: true });
    expect(second.requests).toBe(2);
    expect(delays).toEqual([]);
  });

  it('gets past two dead endpoints to the third without waiting', async () => {
    const { delays, sleep } = recordingSleep();
    const urls = [await deadUrl(), await deadUrl(), network('BSC').rpcUrls[0]];
    const reading = await readChain(new ChainReader({ ...network('BSC'), rpcUrls: urls }, { sleep }), network('BSC'), {
      prices: true,
    });
    expect(reading.prices!.BankX).toEqual({ ok: true, value: devnet.market().prices.BSC.BankX });
    expect(delays).toEqual([]);
  });

  it('moves on from an endpoint that does not answer within the time-out', async () => {
    const slow = await proxy('Avalanche', { delayMs: 2_000 });
    const fast = await proxy('Avalanche');
    const reader = new ChainReader({ ...network('Avalanche'), rpcUrls: [slow.url, fast.url] }, { timeoutMs: 200 });
    const started = Date.now();
    const reading = await readChain(reader, network('Avalanche'), { prices: true });
    expect(reading.prices!.XSD.ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(fast.requests).toBe(1);
  });

  it('asks each of three dead endpoints once and gives up without waiting: an outage costs one call per endpoint', async () => {
    const { delays, sleep } = recordingSleep();
    const urls = [await deadUrl(), await deadUrl(), await deadUrl()];
    const reader = new ChainReader({ ...network('Polygon'), rpcUrls: urls }, { sleep });
    const failure = await readChain(reader, network('Polygon'), { prices: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChainUnavailableError);
    expect((failure as ChainUnavailableError).attempts).toBe(3);
    expect((failure as ChainUnavailableError).errors).toHaveLength(3);
    expect((failure as Error).message).toMatch(/^Polygon: every RPC endpoint failed \(3 attempts\)/);
    expect(delays).toEqual([]);
    // They rest now: the next read asks nobody until the first rest (1 s) is over.
    const resting = await readChain(reader, network('Polygon'), { prices: true }).catch((error: unknown) => error);
    expect((resting as ChainUnavailableError).attempts).toBe(0);
    expect((resting as Error).message).toMatch(/no endpoint may be asked now/);
    expect(reader.health().map((e) => e.state)).toEqual(['demoted', 'demoted', 'demoted']);
  });

  it('keeps the spec\'s three retries with back-off 1 s, 2 s, 4 s for a chain with one endpoint, then gives up', async () => {
    const { delays, sleep } = recordingSleep();
    const reader = new ChainReader({ ...network('Polygon'), rpcUrls: [await deadUrl()] }, { sleep });
    const failure = await readChain(reader, network('Polygon'), { prices: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChainUnavailableError);
    expect((failure as ChainUnavailableError).attempts).toBe(4);
    expect((failure as ChainUnavailableError).errors).toHaveLength(4);
    expect((failure as Error).message).toMatch(/^Polygon: every RPC endpoint failed \(4 attempts\)/);
    expect(delays).toEqual([1_000, 2_000, 4_000]);
  });
});
