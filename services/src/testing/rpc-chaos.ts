import {
  CHAINLINK_AGGREGATOR_ABI,
  PRICE_CONTROLLER_ABI,
  PRICE_DECIMALS,
  SILVER_FEED_DECIMALS,
  silverGramPrice,
  unitsToNumber,
  type AnyEvent,
  type DevnetChainName,
  type NetworkConfig,
} from '@xsd/contracts';
import { Contract, JsonRpcProvider, Network } from 'ethers';
import type { RpcOutcome } from '../chains/rpc/chain-reader.js';
import { ChainReaders } from '../chains/rpc/chain-readers.js';
import { rpcRequest } from '../chains/rpc/json-rpc.js';
import { maskRpcUrl } from '../chains/rpc/rpc-endpoint.js';
import type { DatabaseHandle } from '../database/database.js';
import { startDevnet, type Devnet } from '../devnet/devnet.js';
import { findFreeBasePort } from '../devnet/free-port.js';
import { EmbeddedEventLog } from '../event-log/embedded/embedded-event-log.js';
import { PriceIngestor, type PriceIngestorOptions, type TickReport } from '../ingestor/price-ingestor.js';
import { Metrics } from '../metrics/metrics.js';
import { metricSeries } from './metric-values.js';
import { startRpcProxy, type RpcBehaviour, type RpcProxy } from './rpc-proxy.js';
import { createPgliteTestDatabase } from './test-database.js';

/**
 * A chaos rig for the price ingestor: the devnet's chains behind three misbehaving endpoints
 * each, and scenarios that turn endpoints bad, tick, heal and tick again, measuring what was
 * published. Shared by `ingestor/untrusted-endpoints.int.spec.ts` (which asserts) and
 * `bench/rpc-chaos` (which prints the table).
 */

/** The chains under test: Ethereum carries the silver feed; BSC is where the probe saw `0x` stop a chain. */
export const CHAOS_CHAINS = ['Ethereum', 'BSC'] as const satisfies readonly DevnetChainName[];
type ChaosChain = (typeof CHAOS_CHAINS)[number];

/** Blocks an endpoint lags in the lagging scenario. */
export const LAG_BLOCKS = 100;
/** A tick's read gives up on an endpoint after this long (the spec's 10 s, scaled down). */
export const CHAOS_TIMEOUT_MS = 400;

export interface ChaosScenario {
  readonly name: string;
  /** How the first endpoint of each chain (or the first `endpoints`) misbehaves. */
  readonly behaviour: (rig: ChaosRig, chain: ChaosChain) => RpcBehaviour;
  /** How many endpoints per chain misbehave, from the first (default 1). */
  readonly endpoints?: number;
  /** A new data folder: the bad endpoint is there from the first price on. */
  readonly fresh?: boolean;
  /** The outcome the misbehaving endpoints' failed requests are counted under (none: they never fail). */
  readonly judgedAs?: RpcOutcome;
  /** The reason the prices it misread are counted as rejected under (none: it misreads none). */
  readonly rejectedAs?: string;
}

export const CHAOS_SCENARIOS: readonly ChaosScenario[] = [
  { name: 'healthy', behaviour: () => ({ kind: 'pass' }) },
  { name: 'latency 150 ms', behaviour: () => ({ kind: 'latency', ms: 150 }) },
  { name: 'hang', behaviour: () => ({ kind: 'hang' }), judgedAs: 'timeout' },
  { name: '429 Retry-After 60', behaviour: () => ({ kind: 'rate_limited', retryAfterSeconds: 60 }), judgedAs: 'rate_limited' },
  { name: '503 HTML', behaviour: () => ({ kind: 'server_error' }), judgedAs: 'http_error' },
  { name: 'JSON-RPC error', behaviour: () => ({ kind: 'rpc_error' }), judgedAs: 'rpc_error' },
  { name: 'closed connection', behaviour: () => ({ kind: 'close' }), judgedAs: 'unreachable' },
  { name: 'empty 0x', behaviour: () => ({ kind: 'empty' }), judgedAs: 'empty' },
  { name: 'garbage', behaviour: () => ({ kind: 'garbage' }), judgedAs: 'undecodable' },
  { name: 'truncated JSON', behaviour: () => ({ kind: 'truncated' }), judgedAs: 'undecodable' },
  { name: 'wrong chain', behaviour: (rig) => ({ kind: 'wrong_chain', target: rig.nodeUrl('Polygon') }), judgedAs: 'wrong_chain' },
  {
    name: `2 of 3 lagging ${LAG_BLOCKS} blocks`,
    behaviour: () => ({ kind: 'lagging', blocks: LAG_BLOCKS }),
    endpoints: 2,
    judgedAs: 'lagging',
  },
  { name: 'x10 prices, established', behaviour: () => ({ kind: 'scaled', factor: 10 }), rejectedAs: 'outvoted' },
  { name: 'x10 prices, fresh data', behaviour: () => ({ kind: 'scaled', factor: 10 }), fresh: true, rejectedAs: 'outvoted' },
];

export interface ScenarioFigures {
  readonly scenario: string;
  /** Most ticks in a row a chain published no price while misbehaving (0: every tick). */
  readonly staleTicks: number;
  /** Prices published that differ from the chain at their block, or whose block lags the head. */
  readonly wrongPrices: number;
  readonly laggingPrices: number;
  /** Published in all, while misbehaving and after healing. */
  readonly published: number;
  /** `eth_call`s per chain in a healthy tick (before the endpoint misbehaved). */
  readonly healthyCallsPerTick: number;
  /** Most `eth_call`s one chain cost in a tick while misbehaving. */
  readonly badCallsPerTick: number;
  /** `eth_call`s per chain in the last misbehaving tick: the bad endpoint is not asked first any more. */
  readonly settledCallsPerTick: number;
  /** Longest tick while misbehaving, in ms. */
  readonly maxTickMs: number;
  /** Ticks after healing until every chain published again (0: the first tick after). */
  readonly recoveryTicks: number | null;
  /** The outcomes the misbehaving endpoints' failed requests were counted under, in the RPC metrics. */
  readonly failureOutcomes: readonly string[];
  /** The reasons prices were counted as rejected under. */
  readonly rejectedReasons: readonly string[];
  readonly problems: readonly string[];
}

const SLOT_MS = 30_000;
/** Blocks a published price may be behind the head at its tick (a market step mines a few). */
const HEAD_SLACK_BLOCKS = 10;
const BAD_TICKS = 3;
const HEALED_TICKS = 2;

export class ChaosRig {
  private now = Date.UTC(2026, 10, 24, 12, 0, 0);
  private readonly providers = new Map<string, JsonRpcProvider>();
  /** Each chain's head right after each tick (`chain:slot`). */
  private readonly heads = new Map<string, number>();

  private constructor(
    readonly devnet: Devnet,
    private readonly database: DatabaseHandle,
    readonly log: EmbeddedEventLog,
    readonly proxies: ReadonlyMap<ChaosChain, readonly RpcProxy[]>,
  ) {}

  static async start(seed = 2323): Promise<ChaosRig> {
    const [devnet, database] = await Promise.all([
      startDevnet({ seed, basePort: await findFreeBasePort(), simulate: false }),
      createPgliteTestDatabase(),
    ]);
    const proxies = new Map<ChaosChain, RpcProxy[]>();
    for (const chain of CHAOS_CHAINS) {
      const node = devnet.nodes().find((n) => n.chain === chain)!.rpcUrl;
      // History to lag behind.
      await rpc(node, 'anvil_mine', [`0x${(LAG_BLOCKS + 50).toString(16)}`]);
      proxies.set(chain, [await startRpcProxy(node), await startRpcProxy(node), await startRpcProxy(node)]);
    }
    return new ChaosRig(devnet, database, new EmbeddedEventLog(database.db, { pollIntervalMs: 20 }), proxies);
  }

  nodeUrl(chain: DevnetChainName): string {
    return this.devnet.nodes().find((n) => n.chain === chain)!.rpcUrl;
  }

  /** The devnet's table with the chains under test behind their three endpoints, and no others. */
  networks(): NetworkConfig[] {
    return this.devnet.networks
      .filter((n) => (CHAOS_CHAINS as readonly string[]).includes(n.name))
      .map((n) => ({ ...n, rpcUrls: this.proxies.get(n.name as ChaosChain)!.map((p) => p.url) }));
  }

  /** A new ingestor over new readers: nothing known of the endpoints, no last accepted price. */
  newIngestor(
    options: Partial<PriceIngestorOptions> = {},
    readerOptions: Record<string, unknown> = {},
    metrics = new Metrics({ processMetrics: false }),
  ): PriceIngestor {
    // Endpoints rest by the rig's clock, which moves a slot per tick, as they would in production.
    const readers = new ChainReaders(this.networks(), { timeoutMs: CHAOS_TIMEOUT_MS, clock: () => this.now, ...readerOptions }, metrics);
    return new PriceIngestor(this.log, readers, async () => ({ prices: new Map(), silverPerGram: null }), null, metrics, {
      clock: () => new Date(this.now),
      // Ticks drive this rig: retries and probes of failed chains stay out of the way.
      retry: { max: 5, baseMs: 60_000, capMs: 60_000 },
      probeStoppedEveryMs: null,
      ...options,
    });
  }

  /** Moves the market (a block on every chain) and the clock to the next slot, then ticks. */
  async tick(ingestor: PriceIngestor): Promise<{ report: TickReport; ms: number; calls: Record<ChaosChain, number>; events: AnyEvent[] }> {
    await this.devnet.step();
    this.now += SLOT_MS;
    this.proxies.forEach((endpoints) => endpoints.forEach((p) => p.reset()));
    const before = await this.log.lastSequence();
    const started = performance.now();
    const report = await ingestor.tick();
    const ms = performance.now() - started;
    const calls = Object.fromEntries(
      CHAOS_CHAINS.map((chain) => [chain, this.proxies.get(chain)!.reduce((sum, p) => sum + p.methods.filter((m) => m === 'eth_call').length, 0)]),
    ) as Record<ChaosChain, number>;
    const events = (await this.log.read(before + 1, 10_000)).map((s) => s.event);
    for (const chain of CHAOS_CHAINS) this.heads.set(`${chain}:${this.now}`, Number(await rpc(this.nodeUrl(chain), 'eth_blockNumber', [])));
    return { report, ms, calls, events };
  }

  heal(): void {
    this.proxies.forEach((endpoints) => endpoints.forEach((p) => p.behave({ kind: 'pass' })));
  }

  /** One scenario: two healthy ticks, three misbehaving, two healed; every published price checked. */
  async run(scenario: ChaosScenario): Promise<ScenarioFigures> {
    this.heal();
    const metrics = new Metrics({ processMetrics: false });
    const ingestor = this.newIngestor({}, {}, metrics);
    const misbehave = () => {
      for (const chain of CHAOS_CHAINS) {
        const endpoints = this.proxies.get(chain)!;
        for (const proxy of endpoints.slice(0, scenario.endpoints ?? 1)) proxy.behave(scenario.behaviour(this, chain));
      }
    };
    const published: AnyEvent[] = [];
    const problems: string[] = [];
    let healthyCallsPerTick = 0;
    try {
      await ingestor.start();
      if (scenario.fresh) misbehave();
      else {
        published.push(...(await this.tick(ingestor)).events);
        const healthy = await this.tick(ingestor);
        published.push(...healthy.events);
        healthyCallsPerTick = Math.max(...Object.values(healthy.calls));
        misbehave();
      }
      const stale = new Map<string, number>(CHAOS_CHAINS.map((c) => [c, 0]));
      let staleTicks = 0;
      let badCallsPerTick = 0;
      let settledCallsPerTick = 0;
      let maxTickMs = 0;
      for (let i = 0; i < BAD_TICKS; i++) {
        const tick = await this.tick(ingestor);
        published.push(...tick.events);
        maxTickMs = Math.max(maxTickMs, tick.ms);
        badCallsPerTick = Math.max(badCallsPerTick, ...Object.values(tick.calls));
        settledCallsPerTick = Math.max(...Object.values(tick.calls));
        for (const chain of CHAOS_CHAINS) {
          const priced = tick.events.filter((e) => e.type === 'price.ticked' && e.data.chain === chain).length === 2;
          stale.set(chain, priced ? 0 : stale.get(chain)! + 1);
          staleTicks = Math.max(staleTicks, stale.get(chain)!);
        }
      }
      this.heal();
      let recoveryTicks: number | null = null;
      for (let i = 0; i < HEALED_TICKS; i++) {
        const tick = await this.tick(ingestor);
        published.push(...tick.events);
        const all = CHAOS_CHAINS.every((chain) => tick.events.filter((e) => e.type === 'price.ticked' && e.data.chain === chain).length === 2);
        if (all && recoveryTicks === null) recoveryTicks = i;
      }
      const { wrong, lagging } = await this.check(published, problems);
      const misbehaving = new Set(
        CHAOS_CHAINS.flatMap((chain) => this.proxies.get(chain)!.slice(0, scenario.endpoints ?? 1).map((p) => maskRpcUrl(p.url))),
      );
      const requests = await metricSeries(metrics, 'xsd_ingestor_rpc_requests_total');
      const failureOutcomes = requests.filter((s) => misbehaving.has(s.labels.endpoint) && s.labels.outcome !== 'ok').map((s) => s.labels.outcome);
      const rejected = await metricSeries(metrics, 'xsd_ingestor_ticks_rejected_total');
      return {
        scenario: scenario.name,
        staleTicks,
        wrongPrices: wrong,
        laggingPrices: lagging,
        published: published.filter((e) => e.type === 'price.ticked' || e.type === 'silver.ticked').length,
        healthyCallsPerTick,
        badCallsPerTick,
        settledCallsPerTick,
        maxTickMs,
        recoveryTicks,
        failureOutcomes: [...new Set(failureOutcomes)].sort(),
        rejectedReasons: [...new Set(rejected.map((s) => s.labels.reason))].sort(),
        problems,
      };
    } finally {
      await ingestor.stop();
      this.heal();
    }
  }

  /**
   * Every published price against the chain itself at the block it names (through the node, not
   * an endpoint), and every block against the head at the time: wrong and lagging ones counted.
   */
  async check(events: readonly AnyEvent[], problems: string[]): Promise<{ wrong: number; lagging: number }> {
    let wrong = 0;
    let lagging = 0;
    const blockOf = new Map<number, number>();
    for (const event of events) {
      if (event.type !== 'price.ticked') continue;
      const { chain, token, price, blockNumber } = event.data;
      if (blockNumber === null) {
        problems.push(`${chain} ${token} ${price} published without a block`);
        wrong += 1;
        continue;
      }
      if (chain === 'Ethereum') blockOf.set(Date.parse(event.occurredAt), blockNumber);
      const node = this.provider(chain as ChaosChain);
      const network = this.devnet.networks.find((n) => n.name === chain)!;
      const controller = new Contract(network.priceController!, PRICE_CONTROLLER_ABI, node);
      const raw = (await controller.getFunction(token === 'XSD' ? 'xsd_updated_price' : 'bankx_updated_price')({ blockTag: blockNumber })) as bigint;
      const truth = unitsToNumber(raw, PRICE_DECIMALS);
      if (truth !== price) {
        problems.push(`${chain} ${token} published ${price} at block ${blockNumber}, where the chain says ${truth}`);
        wrong += 1;
      }
      // A price from more than a few blocks behind the chain's head at its tick is from a lagging node.
      const head = this.heads.get(`${chain}:${Date.parse(event.occurredAt)}`);
      if (head !== undefined && head - blockNumber > HEAD_SLACK_BLOCKS) {
        problems.push(`${chain} ${token} published from block ${blockNumber}, ${head - blockNumber} behind the head`);
        lagging += 1;
      }
    }
    const ethereum = this.devnet.networks.find((n) => n.name === 'Ethereum')!;
    const feed = new Contract(ethereum.silverFeed!, CHAINLINK_AGGREGATOR_ABI, this.provider('Ethereum'));
    for (const event of events) {
      if (event.type !== 'silver.ticked') continue;
      const block = blockOf.get(Date.parse(event.occurredAt));
      const round = (await feed.getFunction('latestRoundData')({ blockTag: block ?? 'latest' })) as unknown as bigint[];
      const truth = silverGramPrice(unitsToNumber(round[1], SILVER_FEED_DECIMALS));
      if (truth !== event.data.pricePerGram) {
        problems.push(`silver published ${event.data.pricePerGram}/g, where the feed says ${truth}`);
        wrong += 1;
      }
    }
    return { wrong, lagging };
  }

  private provider(chain: ChaosChain): JsonRpcProvider {
    let provider = this.providers.get(chain);
    if (!provider) {
      const network = this.devnet.networks.find((n) => n.name === chain)!;
      provider = new JsonRpcProvider(this.nodeUrl(chain), Network.from(network.chainId), { staticNetwork: true });
      this.providers.set(chain, provider);
    }
    return provider;
  }

  async close(): Promise<void> {
    this.providers.forEach((p) => p.destroy());
    await Promise.all([...this.proxies.values()].flat().map((p) => p.close()));
    await this.log.close();
    await this.database.close();
    await this.devnet.stop();
  }
}

const rpc = (url: string, method: string, params: unknown[]) => rpcRequest<string>(url, method, params, { timeoutMs: 10_000 });
