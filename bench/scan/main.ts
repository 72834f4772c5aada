/**
 * Wallet scan benchmark (issue 3): seven devnet chains, each behind a local HTTP proxy that adds
 * 200 ms to every RPC call.
 *
 *   node --conditions=source --import tsx bench/scan/main.ts [--delay-ms 200] [--runs 7]
 *
 * Prints two figures: the wall time of a full wallet scan (balances and prices of XSD and BankX on
 * all seven chains) against one round trip through a proxy (target <= 1.3x: one batched call per
 * chain, all chains in parallel), and the RPC calls the price ingestor makes per chain in one tick
 * (target exactly 1), with one endpoint per chain and with three (the healthy state: the answer
 * of the preferred endpoint is judged, the others are not asked). Exits 1 when a target is missed.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { activeNetworks, DEVNET_CHAINS, type DevnetChainName, type NetworkConfig } from '@xsd/contracts';
import { ChainReader } from '../../services/src/chains/rpc/chain-reader.js';
import { ChainReaders } from '../../services/src/chains/rpc/chain-readers.js';
import { startDevnet } from '../../services/src/devnet/devnet.js';
import { findFreeBasePort } from '../../services/src/devnet/free-port.js';
import { EmbeddedEventLog } from '../../services/src/event-log/embedded/embedded-event-log.js';
import { PriceIngestor } from '../../services/src/ingestor/price-ingestor.js';
import { Metrics } from '../../services/src/metrics/metrics.js';
import { createPgliteTestDatabase } from '../../services/src/testing/test-database.js';
import { startRpcProxy, type RpcProxy } from '../../services/src/testing/rpc-proxy.js';
import { scanWallet } from '../../services/src/wallets/wallet-scanner.js';

const { values } = parseArgs({
  options: {
    'delay-ms': { type: 'string', default: '200' },
    runs: { type: 'string', default: '7' },
  },
});
const delayMs = Number(values['delay-ms']);
const runs = Math.max(1, Number(values.runs));
const SCAN_TARGET = 1.1;

const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

const devnet = await startDevnet({ seed: 1, basePort: await findFreeBasePort(), simulate: false });
const proxies = new Map<DevnetChainName, RpcProxy>();
const spares = new Map<DevnetChainName, RpcProxy[]>();
let database: Awaited<ReturnType<typeof createPgliteTestDatabase>> | null = null;
let exitCode = 0;
try {
  for (const node of devnet.nodes()) proxies.set(node.chain, await startRpcProxy(node.rpcUrl, { delayMs }));
  const networks: NetworkConfig[] = devnet.networks.map((n) => {
    const proxy = proxies.get(n.name as DevnetChainName);
    return proxy ? { ...n, rpcUrls: [proxy.url] } : n;
  });
  const active = activeNetworks(networks);
  log(`devnet on ports ${devnet.basePort}..${devnet.basePort + 6}, ${delayMs} ms added to every RPC call, ${runs} runs`);
  log(`machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)}`);

  // One round trip: a single eth_call through one proxy (the floor any chain read pays).
  const ethereum = active.find((n) => n.name === 'Ethereum')!;
  const single = new ChainReader(ethereum);
  await single.request('eth_blockNumber', []); // connection warm-up
  const roundTrips: number[] = [];
  for (let i = 0; i < runs; i++) roundTrips.push(await timed(() => single.request('eth_blockNumber', [])));
  const roundTrip = median(roundTrips);

  // A full scan: both balances and both prices (silver on Ethereum) on all seven chains.
  const readers = new Map(active.map((n) => [n.name, new ChainReader(n)]));
  const wallet = devnet.demoWallets[2].address;
  const scanOnce = () => scanWallet(wallet, { networks: active, readerFor: (n) => readers.get(n.name)! });
  const warm = await scanOnce();
  if (warm.failed_chains.length > 0) throw new Error(`scan failed on ${warm.failed_chains.join(', ')}`);
  proxies.forEach((p) => p.reset());
  const scans: number[] = [];
  for (let i = 0; i < runs; i++) scans.push(await timed(scanOnce));
  const scanCalls = [...proxies.values()].map((p) => p.requests / runs);
  const scan = median(scans);
  const ratio = scan / roundTrip;

  // The ingestor: one tick, counting what reaches each chain.
  database = await createPgliteTestDatabase();
  const eventLog = new EmbeddedEventLog(database.db);
  // Recorded as in production: the metrics' cost is part of what is measured.
  const metrics = new Metrics({ processMetrics: false });
  const ingestor = new PriceIngestor(eventLog, new ChainReaders(networks, {}, metrics), async () => ({ prices: new Map(), silverPerGram: null }), null, metrics);
  await ingestor.start();
  proxies.forEach((p) => p.reset());
  const tickMs = await timed(async () => {
    const report = await ingestor.tick();
    if (report.skipped || report.chains.some((c) => c.outcome !== 'ok')) throw new Error(`tick failed: ${JSON.stringify(report)}`);
  });
  const perChain = DEVNET_CHAINS.map((chain) => [chain, proxies.get(chain)!.requests] as const);
  const stored = await eventLog.lastSequence();
  await ingestor.stop();

  // Three endpoints per chain: a first tick (a chain's first price is asked of every endpoint), then
  // a healthy one, counting every endpoint.
  for (const node of devnet.nodes()) spares.set(node.chain, [await startRpcProxy(node.rpcUrl, { delayMs }), await startRpcProxy(node.rpcUrl, { delayMs })]);
  const threeEach: NetworkConfig[] = networks.map((n) => {
    const extra = spares.get(n.name as DevnetChainName);
    return extra ? { ...n, rpcUrls: [...n.rpcUrls, ...extra.map((p) => p.url)] } : n;
  });
  let slot = Date.UTC(2026, 0, 1);
  const tripled = new PriceIngestor(eventLog, new ChainReaders(threeEach, {}, metrics), async () => ({ prices: new Map(), silverPerGram: null }), null, metrics, {
    clock: () => new Date(slot),
  });
  await tripled.start();
  await tripled.tick();
  slot += 30_000;
  const every = () => [...proxies.values(), ...[...spares.values()].flat()];
  every().forEach((p) => p.reset());
  const healthy = await tripled.tick();
  if (healthy.skipped || healthy.chains.some((c) => c.outcome !== 'ok')) throw new Error(`tick failed: ${JSON.stringify(healthy)}`);
  const perChainOfThree = DEVNET_CHAINS.map(
    (chain) => [chain, proxies.get(chain)!.requests + spares.get(chain)!.reduce((sum, p) => sum + p.requests, 0)] as const,
  );
  await tripled.stop();
  await eventLog.close();

  log('');
  log(`round trip (median):      ${roundTrip.toFixed(1)} ms   [${roundTrips.map((t) => t.toFixed(0)).join(', ')}]`);
  log(`full wallet scan (median): ${scan.toFixed(1)} ms   [${scans.map((t) => t.toFixed(0)).join(', ')}], RPC calls per chain per scan: ${scanCalls.join(', ')}`);
  log(`ingestor tick: ${tickMs.toFixed(1)} ms, ${stored} events appended`);
  log('');
  const scanOk = ratio <= SCAN_TARGET;
  const callsOk = perChain.every(([, calls]) => calls === 1) && perChainOfThree.every(([, calls]) => calls === 1);
  log(`wallet scan: ${ratio.toFixed(2)}x one round trip (${scan.toFixed(0)} ms / ${roundTrip.toFixed(0)} ms; target <= ${SCAN_TARGET}x) ${scanOk ? 'OK' : 'MISSED'}`);
  log(`ingestor RPC calls per chain per tick: ${perChain.map(([chain, calls]) => `${chain} ${calls}`).join(', ')} (target exactly 1)`);
  log(`  with three endpoints per chain: ${perChainOfThree.map(([chain, calls]) => `${chain} ${calls}`).join(', ')} (target exactly 1) ${callsOk ? 'OK' : 'MISSED'}`);
  if (!scanOk || !callsOk) exitCode = 1;
} catch (error) {
  process.stderr.write(`bench/scan failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  exitCode = 1;
} finally {
  await Promise.all([...proxies.values(), ...[...spares.values()].flat()].map((p) => p.close()));
  await database?.close();
  await devnet.stop();
}
process.exit(exitCode);
