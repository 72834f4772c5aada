import {
  DEFAULT_DEVNET_BASE_PORT,
  DEVNET_CHAINS,
  DEVNET_DEMO_WALLETS,
  DEVNET_HOST,
  PRICE_DECIMALS,
  SILVER_FEED_DECIMALS,
  TOKEN_DECIMALS,
  findNetwork,
  numberToUnits,
  resolveNetworks,
  type DevnetChainName,
  type NetworkConfig,
  type TokenName,
} from '@xsd/contracts';
import { Interface, JsonRpcProvider, Network } from 'ethers';
import { startAnvil, type AnvilProcess } from './anvil-process.js';
import { loadDevnetArtifacts, type DevnetArtifacts, type StandInName } from './devnet-artifacts.js';
import { type DevnetTransaction, sendAsOperator } from './devnet-writes.js';
import { MarketSimulator, type MarketSnapshot } from './market-simulator.js';
import { startWatchdog, type Watchdog } from './watchdog.js';

export interface StartDevnetOptions {
  /** Seeds the market simulator: same seed, same price path (default: from the clock). */
  readonly seed?: number;
  /** Port of the Ethereum node; the six others follow (default 8545). */
  readonly basePort?: number;
  /** Move prices every `tickMs` on a timer (default true); `step()` works either way. */
  readonly simulate?: boolean;
  /** Default 10 s. */
  readonly tickMs?: number;
  /** Start levels: USD per troy ounce (default 31.10) and BankX in USD (default 0.42). */
  readonly silverOuncePrice?: number;
  readonly bankxPrice?: number;
  /** Failures nobody awaits: a timer tick that could not write, a node that died. */
  readonly onError?: (error: Error) => void;
}

export interface DevnetNode {
  readonly chain: DevnetChainName;
  readonly chainId: number;
  readonly port: number;
  readonly rpcUrl: string;
  /** Null while the node is stopped. */
  readonly pid: number | null;
}

export interface Devnet {
  readonly seed: number;
  readonly basePort: number;
  /** The devnet profile of the network table, with this devnet's ports. */
  readonly networks: readonly NetworkConfig[];
  readonly demoWallets: typeof DEVNET_DEMO_WALLETS;
  /** The process that kills the nodes if this one dies without stopping them. */
  readonly watchdogPid: number;
  nodes(): readonly DevnetNode[];
  /** The prices as written on the chains. */
  market(): MarketSnapshot;
  /** Moves the market one tick and writes it to every running node. */
  step(): Promise<MarketSnapshot>;
  /** Writes one token price on one chain's controller (6 decimals; 0 allowed). */
  setTokenPrice(chain: DevnetChainName, token: TokenName, price: number): Promise<MarketSnapshot>;
  /** Writes the XAG/USD feed's answer on Ethereum (8 decimals). */
  setSilverOuncePrice(price: number): Promise<MarketSnapshot>;
  /** Stops one chain's node, to simulate an outage. */
  stopNode(chain: DevnetChainName): Promise<void>;
  /** Starts a stopped node again, with fresh stand-ins, balances and the current prices. */
  startNode(chain: DevnetChainName): Promise<void>;
  /** Stops the timer and every node. Idempotent. */
  stop(): Promise<void>;
}

const DEFAULT_TICK_MS = 10_000;

interface ChainNode {
  readonly chain: DevnetChainName;
  readonly network: NetworkConfig;
  anvil: AnvilProcess | null;
  provider: JsonRpcProvider | null;
}

/**
 * Starts seven anvil nodes (Ethereum, BSC, Arbitrum, Polygon, Optimism, Base, Avalanche) on
 * 127.0.0.1:basePort..basePort+6 with the real chain ids, places the stand-in contracts at the
 * devnet profile's addresses, funds the demo wallets and writes the first prices.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const seed = options.seed ?? Date.now() % 2 ** 32;
  const basePort = options.basePort ?? DEFAULT_DEVNET_BASE_PORT;
  const networks = resolveNetworks('devnet', { basePort });
  const onError = options.onError ?? ((error: Error) => console.warn(`[devnet] ${error.message}`));
  const simulator = new MarketSimulator({
    seed,
    silverOuncePrice: options.silverOuncePrice,
    bankxPrice: options.bankxPrice,
  });
  const [artifacts, watchdog] = await Promise.all([loadDevnetArtifacts(), startWatchdog()]);
  const devnet = new LocalDevnet(seed, basePort, networks, artifacts, watchdog, simulator, onError);
  try {
    await Promise.all(DEVNET_CHAINS.map((chain) => devnet.launch(chain)));
  } catch (error) {
    await devnet.stop();
    throw error;
  }
  if (options.simulate ?? true) devnet.simulateEvery(options.tickMs ?? DEFAULT_TICK_MS);
  return devnet;
}

class LocalDevnet implements Devnet {
  readonly demoWallets = DEVNET_DEMO_WALLETS;
  readonly watchdogPid: number;
  private readonly chainNodes: ReadonlyMap<DevnetChainName, ChainNode>;
  private readonly interfaces: Readonly<Record<StandInName, Interface>>;
  /** Writes run one at a time, so a timer tick never interleaves with a test's setting. */
  private writes: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopping: Promise<void> | undefined;
  private readonly killOnExit = () => {
    for (const node of this.chainNodes.values()) {
      try {
        if (node.anvil?.isRunning()) process.kill(node.anvil.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };

  constructor(
    readonly seed: number,
    readonly basePort: number,
    readonly networks: readonly NetworkConfig[],
    private readonly artifacts: DevnetArtifacts,
    private readonly watchdog: Watchdog,
    private readonly simulator: MarketSimulator,
    private readonly onError: (error: Error) => void,
  ) {
    this.watchdogPid = watchdog.pid;
    this.chainNodes = new Map(
      DEVNET_CHAINS.map((chain) => [chain, { chain, network: findNetwork(networks, chain)!, anvil: null, provider: null }]),
    );
    this.interfaces = Object.fromEntries(
      Object.entries(artifacts).map(([name, artifact]) => [name, new Interface(artifact.abi)]),
    ) as Record<StandInName, Interface>;
    // A plain exit (end of main, process.exit) runs no async code: kill synchronously.
    process.on('exit', this.killOnExit);
  }

  nodes(): readonly DevnetNode[] {
    return [...this.chainNodes.values()].map((node) => ({
      chain: node.chain,
      chainId: node.network.chainId,
      port: this.basePort + DEVNET_CHAINS.indexOf(node.chain),
      rpcUrl: node.network.rpcUrls[0],
      pid: node.anvil?.isRunning() ? node.anvil.pid : null,
    }));
  }

  market(): MarketSnapshot {
    return this.simulator.snapshot();
  }

  step(): Promise<MarketSnapshot> {
    return this.serialized(async () => {
      const snapshot = this.simulator.step();
      await this.writeEverywhere((node) => this.priceTransactions(node, snapshot));
      return snapshot;
    });
  }

  setTokenPrice(chain: DevnetChainName, token: TokenName, price: number): Promise<MarketSnapshot> {
    return this.serialized(async () => {
      const node = this.runningNode(chain);
      const snapshot = this.simulator.setTokenPrice(chain, token, price);
      await this.send(node, [this.controllerTransaction(node, snapshot)]);
      return snapshot;
    });
  }

  setSilverOuncePrice(price: number): Promise<MarketSnapshot> {
    return this.serialized(async () => {
      const ethereum = this.runningNode('Ethereum');
      const snapshot = this.simulator.setSilverOuncePrice(price);
      await this.send(ethereum, [this.silverTransaction(ethereum, snapshot)!]);
      return snapshot;
    });
  }

  startNode(chain: DevnetChainName): Promise<void> {
    return this.serialized(() => this.launch(chain));
  }

  /** Starts one node and installs the stand-ins (unserialized: at start-up all chains at once). */
  async launch(chain: DevnetChainName): Promise<void> {
    const node = this.chainNodes.get(chain)!;
    if (this.stopping) throw new Error('The devnet is stopping');
    if (node.anvil?.isRunning()) return;
    const port = this.basePort + DEVNET_CHAINS.indexOf(chain);
    let spawned: number | undefined;
    const anvil = await startAnvil({ chainId: node.network.chainId, port, host: DEVNET_HOST }, (pid) => {
      spawned = pid;
      this.watchdog.adopt(pid);
    }).catch((error: unknown) => {
      if (spawned !== undefined) this.watchdog.release(spawned); // it has exited already
      throw error;
    });
    node.anvil = anvil;
    node.provider = new JsonRpcProvider(anvil.rpcUrl, Network.from(node.network.chainId), {
      staticNetwork: true,
      batchMaxCount: 1,
    });
    void anvil.exited.then(() => {
      this.watchdog.release(anvil.pid);
      if (node.anvil === anvil && !this.stopping) {
        node.provider?.destroy();
        node.anvil = node.provider = null;
        this.onError(new Error(`The ${chain} node (port ${port}) exited unexpectedly`));
      }
    });
    await this.installStandIns(node);
  }

  stopNode(chain: DevnetChainName): Promise<void> {
    return this.serialized(() => this.halt(chain));
  }

  private async halt(chain: DevnetChainName): Promise<void> {
    const node = this.chainNodes.get(chain)!;
    const { anvil, provider } = node;
    node.anvil = node.provider = null;
    provider?.destroy();
    await anvil?.stop();
  }

  simulateEvery(tickMs: number): void {
    let ticking = false;
    this.timer = setInterval(() => {
      if (ticking) return; // a slow tick is not queued behind itself
      ticking = true;
      this.step()
        .catch((error: unknown) => this.onError(error instanceof Error ? error : new Error(String(error))))
        .finally(() => (ticking = false));
    }, tickMs);
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      clearInterval(this.timer);
      await this.writes.catch(() => {});
      await Promise.all(DEVNET_CHAINS.map((chain) => this.halt(chain)));
      await this.watchdog.close();
      process.off('exit', this.killOnExit);
    })();
    return this.stopping;
  }

  private runningNode(chain: DevnetChainName): ChainNode {
    const node = this.chainNodes.get(chain)!;
    if (!node.provider) throw new Error(`The ${chain} node is stopped`);
    return node;
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.writes.then(work, work);
    this.writes = run.catch(() => {});
    return run;
  }

  /** Code at the profile's addresses, then balances and prices by plain transactions. */
  private async installStandIns(node: ChainNode): Promise<void> {
    const { network } = node;
    const placements: [string | null, StandInName][] = [
      [network.tokens.XSD, 'DevnetXSD'],
      [network.tokens.BankX, 'DevnetBankX'],
      [network.priceController, 'DevnetPriceController'],
      [network.multicall3, 'Multicall3'],
      [network.silverFeed, 'DevnetXagUsdAggregator'],
    ];
    await Promise.all(
      placements
        .filter((placement): placement is [string, StandInName] => placement[0] !== null)
        .map(([address, name]) => node.provider!.send('anvil_setCode', [address, this.artifacts[name].deployedBytecode])),
    );
    const erc20 = this.interfaces.DevnetXSD;
    const mints = DEVNET_DEMO_WALLETS.flatMap((wallet) =>
      (['XSD', 'BankX'] as const).map((token) => ({
        to: network.tokens[token]!,
        data: erc20.encodeFunctionData('mint', [wallet.address, numberToUnits(wallet.balances[token], TOKEN_DECIMALS)]),
      })),
    );
    await this.send(node, [...mints, ...this.priceTransactions(node, this.simulator.snapshot())]);
  }

  private priceTransactions(node: ChainNode, snapshot: MarketSnapshot): DevnetTransaction[] {
    const silver = this.silverTransaction(node, snapshot);
    return [this.controllerTransaction(node, snapshot), ...(silver ? [silver] : [])];
  }

  private controllerTransaction(node: ChainNode, snapshot: MarketSnapshot): DevnetTransaction {
    const prices = snapshot.prices[node.chain];
    return {
      to: node.network.priceController!,
      data: this.interfaces.DevnetPriceController.encodeFunctionData('setPrices', [
        numberToUnits(prices.XSD, PRICE_DECIMALS),
        numberToUnits(prices.BankX, PRICE_DECIMALS),
      ]),
    };
  }

  private silverTransaction(node: ChainNode, snapshot: MarketSnapshot): DevnetTransaction | null {
    if (!node.network.silverFeed) return null;
    return {
      to: node.network.silverFeed,
      data: this.interfaces.DevnetXagUsdAggregator.encodeFunctionData('setAnswer', [
        numberToUnits(snapshot.silverOuncePrice, SILVER_FEED_DECIMALS),
      ]),
    };
  }

  /** Writes to every running node in parallel; a stopped node is skipped, a failing one reported. */
  private async writeEverywhere(transactions: (node: ChainNode) => DevnetTransaction[]): Promise<void> {
    const running = [...this.chainNodes.values()].filter((node) => node.provider);
    const results = await Promise.allSettled(running.map((node) => this.send(node, transactions(node))));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    if (failures.length > 0) throw new AggregateError(failures, failures.map((f) => f.message).join('; '));
  }

  private async send(node: ChainNode, transactions: readonly DevnetTransaction[]): Promise<void> {
    const provider = node.provider;
    if (!provider) throw new Error(`The ${node.chain} node is stopped`);
    await sendAsOperator((method, params) => provider.send(method, params), node.chain, transactions);
  }
}
