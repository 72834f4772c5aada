import { activeNetworks, type ActiveNetwork, type DevnetChainName } from '@xsd/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/devnet.js';
import { findFreeBasePort } from '../../devnet/free-port.js';
import { Metrics } from '../../metrics/metrics.js';
import { metricSeries } from '../../testing/metric-values.js';
import { startRpcProxy, type RpcBehaviour, type RpcProxy } from '../../testing/rpc-proxy.js';
import { ChainReader, ChainUnavailableError, type ChainReaderOptions } from './chain-reader.js';
import { readChain } from './chain-reads.js';
import { rpcRequest } from './json-rpc.js';
import { scanWallet } from '../../wallets/wallet-scanner.js';

/** Every answer judged where it arrives: the read moves on from a wrong one in the same call. */
describe('judging each endpoint answer inside the fallback', () => {
  let devnet: Devnet;
  let networks: readonly ActiveNetwork[];
  const proxies: RpcProxy[] = [];
  const network = (chain: DevnetChainName) => networks.find((n) => n.name === chain)!;
  let now = Date.UTC(2026, 10, 24, 12, 0, 0);
  const clock = () => now;
  const OPTIONS: Partial<ChainReaderOptions> = { timeoutMs: 300, clock };

  /** Three endpoints in front of one chain's node, the first behaving as told. */
  const threeEndpoints = async (chain: DevnetChainName, first: RpcBehaviour) => {
    const node = network(chain).rpcUrls[0];
    const started = [await startRpcProxy(node, { behaviour: first }), await startRpcProxy(node), await startRpcProxy(node)];
    proxies.push(...started);
    const reader = new ChainReader({ ...network(chain), rpcUrls: started.map((p) => p.url) }, OPTIONS);
    return { reader, endpoints: started, urls: started.map((p) => p.url) };
  };
  const calls = (endpoints: RpcProxy[]) => endpoints.map((p) => p.requests);

  beforeAll(async () => {
    devnet = await startDevnet({ seed: 23, basePort: await findFreeBasePort(), simulate: false });
    networks = activeNetworks(devnet.networks);
    // Enough history for an endpoint to lag 100 blocks behind.
    await Promise.all(devnet.nodes().map((n) => mine(n.rpcUrl, 150)));
  });

  afterEach(() => {
    now += 10 * 60_000;
  });

  afterAll(async () => {
    await Promise.all(proxies.map((p) => p.close()));
    await devnet?.stop();
  });

  it.each<[string, RpcBehaviour, RegExp]>([
    ['an empty answer', { kind: 'empty' }, /undecodable aggregate3 answer: empty answer/],
    ['garbage', { kind: 'garbage' }, /undecodable aggregate3 answer/],
    ['truncated JSON', { kind: 'truncated' }, /without a JSON-RPC answer/],
    ['an HTML 503', { kind: 'server_error' }, /HTTP 503 without a JSON-RPC answer/],
    ['a JSON-RPC error', { kind: 'rpc_error' }, /header not found/],
    ['a dropped connection', { kind: 'close' }, /./],
    ['a hang', { kind: 'hang' }, /no answer within 300 ms/],
  ])('given %s from the first endpoint, reads the second in the same read, once each, and demotes the first', async (_, behaviour, reason) => {
    const { reader, endpoints, urls } = await threeEndpoints('BSC', behaviour);
    const reading = await readChain(reader, network('BSC'), { prices: true });
    expect(reading.prices!.XSD).toEqual({ ok: true, value: devnet.market().prices.BSC.XSD });
    expect(reading.endpoint).toBe(urls[1]);
    expect(calls(endpoints)).toEqual([1, 1, 0]);
    expect(reader.health()[0]).toMatchObject({ state: 'demoted', reason: expect.stringMatching(reason), consecutiveFailures: 1 });
    expect(reader.health()[1]).toMatchObject({ state: 'ok', reason: null });

    // The one that answered right is asked first from now on; the demoted one is not asked while others answer.
    now += 60_000;
    await readChain(reader, network('BSC'), { prices: true });
    expect(calls(endpoints)).toEqual([1, 2, 0]);

    // Healed, it is trusted again only once it answers right: when it is the one left.
    endpoints[0].behave({ kind: 'pass' });
    endpoints[1].behave({ kind: 'close' });
    endpoints[2].behave({ kind: 'close' });
    const back = await readChain(reader, network('BSC'), { prices: true });
    expect(back.endpoint).toBe(urls[0]);
    expect(reader.health()[0]).toMatchObject({ state: 'ok', consecutiveFailures: 0, restingUntil: null });
  });

  it('refuses an endpoint serving another chain, disables it, and enables it again when a check finds it right', async () => {
    const { reader, endpoints, urls } = await threeEndpoints('Base', { kind: 'wrong_chain', target: network('Polygon').rpcUrls[0] });
    const reading = await readChain(reader, network('Base'), { prices: true });
    expect(reading.endpoint).toBe(urls[1]);
    expect(reading.prices!.BankX).toEqual({ ok: true, value: devnet.market().prices.Base.BankX });
    expect(reader.health()[0]).toMatchObject({ state: 'wrong_chain', reason: 'wrong chain: serves chain id 137, not 8453' });

    // Disabled for minutes, even when every other endpoint fails.
    endpoints[1].behave({ kind: 'close' });
    endpoints[2].behave({ kind: 'close' });
    now += 60_000;
    const failure = await readChain(reader, network('Base'), { prices: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChainUnavailableError);
    expect(endpoints[0].requests).toBe(1);

    // The periodic check asks its chain id (batched with its head) and enables it once right.
    endpoints[0].behave({ kind: 'pass' });
    await reader.checkEndpoints();
    expect(endpoints[0].methods.slice(-2)).toEqual(['eth_chainId', 'eth_blockNumber']);
    expect(reader.health()[0].state).toBe('unchecked');
    expect((await readChain(reader, network('Base'), { prices: true })).endpoint).toBe(urls[0]);
  });

  it('the check finds an endpoint on another chain before any read trusts it', async () => {
    const { reader, endpoints, urls } = await threeEndpoints('Optimism', { kind: 'wrong_chain', target: network('Base').rpcUrls[0] });
    await reader.checkEndpoints();
    expect(reader.health()[0]).toMatchObject({ state: 'wrong_chain', reason: 'wrong chain: serves chain id 8453, not 10' });
    const reading = await readChain(reader, network('Optimism'), { prices: true });
    expect(reading.endpoint).toBe(urls[1]);
    expect(endpoints[0].methods).toEqual(['eth_chainId', 'eth_blockNumber']);
  });

  it('refuses a lagging endpoint: found behind the others by the check, and a read going backwards in the fallback', async () => {
    const { reader, endpoints, urls } = await threeEndpoints('Avalanche', { kind: 'lagging', blocks: 100 });
    const head = await blockNumber(network('Avalanche').rpcUrls[0]);
    await reader.checkEndpoints();
    expect(reader.head).toBe(head);
    expect(reader.health()[0]).toMatchObject({ state: 'lagging', reason: `lagging: block ${head - 100} is 100 behind the best known head ${head}` });
    const reading = await readChain(reader, network('Avalanche'), { prices: true });
    expect(reading).toMatchObject({ endpoint: urls[1], blockNumber: head });

    // The second endpoint now lags too, and the third goes down: nothing from 100 blocks back is read.
    endpoints[1].behave({ kind: 'lagging', blocks: 100 });
    endpoints[2].behave({ kind: 'close' });
    now += 10 * 60_000;
    const failure = await readChain(reader, network('Avalanche'), { prices: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChainUnavailableError);
    expect((failure as ChainUnavailableError).errors.join('; ')).toMatch(/lagging: block \d+ is 100 behind/);
    expect(reader.health().map((e) => e.state)).toEqual(['lagging', 'lagging', 'demoted']);
  });

  it('honours Retry-After per endpoint: a rate-limited endpoint is not asked again before it said', async () => {
    const { reader, endpoints } = await threeEndpoints('Arbitrum', { kind: 'rate_limited', retryAfterSeconds: 120 });
    endpoints[1].behave({ kind: 'rate_limited', retryAfterSeconds: 120 });
    endpoints[2].behave({ kind: 'rate_limited', retryAfterSeconds: 120 });
    const started = now;
    await expect(readChain(reader, network('Arbitrum'), { prices: true })).rejects.toBeInstanceOf(ChainUnavailableError);
    expect(calls(endpoints)).toEqual([1, 1, 1]);
    expect(reader.health()[0].restingUntil).toBe(new Date(started + 120_000).toISOString());
    expect(reader.nextUsableAt()).toBe(started + 120_000);

    now += 119_000;
    await expect(readChain(reader, network('Arbitrum'), { prices: true })).rejects.toBeInstanceOf(ChainUnavailableError);
    expect(calls(endpoints)).toEqual([1, 1, 1]);

    endpoints.forEach((p) => p.behave({ kind: 'pass' }));
    now += 1_000;
    await readChain(reader, network('Arbitrum'), { prices: true });
    expect(calls(endpoints)).toEqual([2, 1, 1]);
  });

  it('rests a failing endpoint longer with each failure in a row, up to 5 minutes', async () => {
    const { reader } = await threeEndpoints('Polygon', { kind: 'close' });
    const rests: number[] = [];
    for (let i = 0; i < 12; i++) {
      const before = now;
      reader.demote(reader.endpoints[0].url, 'test');
      rests.push(reader.endpoints[0].restingUntil - before);
    }
    expect(rests).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300].map((s) => s * 1_000));
  });

  it('a wallet scan is judged the same way: no balance from a wrong chain or a lagging node', async () => {
    const wallet = devnet.demoWallets[1];
    const readers = new Map<string, ChainReader>();
    const all: RpcProxy[][] = [];
    const metrics = new Metrics({ processMetrics: false });
    for (const chain of ['Ethereum', 'BSC'] as const) {
      const node = network(chain).rpcUrls[0];
      const endpoints = [
        await startRpcProxy(node, { behaviour: { kind: 'wrong_chain', target: network('Polygon').rpcUrls[0] } }),
        await startRpcProxy(node, { behaviour: { kind: 'lagging', blocks: 100 } }),
        await startRpcProxy(node),
      ];
      proxies.push(...endpoints);
      all.push(endpoints);
      readers.set(chain, new ChainReader({ ...network(chain), rpcUrls: endpoints.map((p) => p.url) }, OPTIONS, metrics));
    }
    const scanned = networks.filter((n) => readers.has(n.name));
    const scan = await scanWallet(wallet.address, { networks: scanned, readerFor: (n) => readers.get(n.name)! });
    expect(scan.failed_chains).toEqual([]);
    for (const chain of ['Ethereum', 'BSC'] as const) {
      const balances = scan.balances.filter((b) => b.chain === chain).map((b) => [b.token, b.balance]);
      expect(balances.sort()).toEqual([['BankX', wallet.balances.BankX], ['XSD', wallet.balances.XSD]].sort());
      expect(readers.get(chain)!.health().map((e) => e.state)).toEqual(['wrong_chain', 'lagging', 'ok']);
    }
    // Known before trusted: the check found both; the scan's single eth_call went to the right one.
    for (const endpoints of all) expect(endpoints.map((p) => p.methods.filter((m) => m === 'eth_call').length)).toEqual([0, 0, 1]);
    // Counted as judged: the check's answers as wrong chain and lagging, the scan's read as ok.
    const counted = await metricSeries(metrics, 'xsd_ingestor_rpc_requests_total');
    const endpointOf = new Map(all.flatMap((endpoints) => endpoints.map((p, index) => [p.url, index])));
    expect(counted.map((s) => [s.labels.chain, endpointOf.get(s.labels.endpoint), s.labels.outcome, s.value]).sort()).toEqual([
      ['BSC', 0, 'wrong_chain', 1],
      ['BSC', 1, 'lagging', 1],
      ['BSC', 2, 'ok', 2],
      ['Ethereum', 0, 'wrong_chain', 1],
      ['Ethereum', 1, 'lagging', 1],
      ['Ethereum', 2, 'ok', 2],
    ]);
  });

  it('never shows an endpoint\'s path or query, where providers keep API keys', async () => {
    const proxy = await startRpcProxy(network('Ethereum').rpcUrls[0]);
    proxies.push(proxy);
    const reader = new ChainReader({ ...network('Ethereum'), rpcUrls: [`${proxy.url}/v3/secret-key?token=abc`] }, OPTIONS);
    await readChain(reader, network('Ethereum'), { prices: true });
    expect(reader.health()).toEqual([
      { endpoint: `${proxy.url}/…`, state: 'ok', reason: null, consecutiveFailures: 0, restingUntil: null, head: expect.any(Number) },
    ]);
    expect(JSON.stringify(reader.health())).not.toContain('secret');
  });

  it('counts a failing endpoint under its scheme and host, never the key in its path or query', async () => {
    const proxy = await startRpcProxy(network('Ethereum').rpcUrls[0], { behaviour: { kind: 'server_error' } });
    proxies.push(proxy);
    const metrics = new Metrics({ processMetrics: false });
    const url = `${proxy.url}/v3/secret-key?token=abc`;
    const reader = new ChainReader({ ...network('Ethereum'), rpcUrls: [url] }, { ...OPTIONS, retries: 0 }, metrics);
    await expect(readChain(reader, network('Ethereum'), { prices: true })).rejects.toBeInstanceOf(ChainUnavailableError);
    const counted = await metricSeries(metrics, 'xsd_ingestor_rpc_requests_total');
    expect(counted).toEqual([{ labels: { chain: 'Ethereum', endpoint: `${proxy.url}/…`, outcome: 'http_error' }, value: 1 }]);
    const scrape = await metrics.scrape();
    expect(scrape).toContain(`xsd_ingestor_rpc_duration_seconds_count{chain="Ethereum",endpoint="${proxy.url}/…"} 1`);
    for (const secret of ['secret-key', 'token=abc', '/v3']) expect(scrape).not.toContain(secret);
  });
});

const mine = (url: string, blocks: number) => rpcRequest(url, 'anvil_mine', [`0x${blocks.toString(16)}`], { timeoutMs: 10_000 });
const blockNumber = async (url: string) => Number(await rpcRequest<string>(url, 'eth_blockNumber', [], { timeoutMs: 10_000 }));
