// The local devnet alone, in the foreground: start it, print where everything is, stop every node
// on Ctrl-C (SIGINT) or SIGTERM. Run by `node services/dist/devnet/main.js` and by `xsd devnet`.
import { type Devnet, type StartDevnetOptions, startDevnet } from './devnet.js';

export interface RunDevnetOptions extends Pick<StartDevnetOptions, 'basePort' | 'seed' | 'tickMs' | 'simulate'> {
  /** One line `{"event":"ready",...}` with the nodes' pids instead of the table. */
  readonly json?: boolean;
  /** Where the table / ready line goes (default stdout). */
  readonly write?: (text: string) => void;
}

export function devnetTable(devnet: Devnet, startedMs: number): string {
  const market = devnet.market();
  const nodes = devnet.nodes();
  const network = (chain: string) => devnet.networks.find((n) => n.name === chain)!;
  return [
    `devnet up in ${startedMs} ms, seed ${devnet.seed}`,
    '',
    'chain      chain id  rpc url                  XSD         BankX',
    ...nodes.map((node) =>
      [
        node.chain.padEnd(10),
        String(node.chainId).padEnd(9),
        node.rpcUrl.padEnd(24),
        `$${market.prices[node.chain].XSD.toFixed(6)}`.padEnd(11),
        `$${market.prices[node.chain].BankX.toFixed(6)}`,
      ].join(' '),
    ),
    `silver (XAG/USD on Ethereum): $${market.silverOuncePrice}/oz = $${market.silverGramPrice.toFixed(4)}/g`,
    '',
    'chain      XSD                                        BankX                                      price controller',
    ...nodes.map((node) => {
      const { tokens, priceController } = network(node.chain);
      return [node.chain.padEnd(10), tokens.XSD, tokens.BankX, priceController].join(' ');
    }),
    `Multicall3 ${network('Ethereum').multicall3} on every chain`,
    `XAG/USD feed ${network('Ethereum').silverFeed} on Ethereum`,
    '',
    'demo wallets (anvil accounts 0-2), on every chain:',
    ...devnet.demoWallets.map((w) => `  ${w.address}  ${w.balances.XSD} XSD  ${w.balances.BankX} BankX`),
    '',
    'Ctrl-C stops every node.',
  ].join('\n');
}

/**
 * Starts the devnet and keeps it running until a signal; resolves once it is up (the process
 * stays alive through the nodes). On SIGINT / SIGTERM every node is stopped and the process exits 0.
 */
export async function runDevnet(options: RunDevnetOptions = {}): Promise<Devnet> {
  const write = options.write ?? ((text: string) => process.stdout.write(`${text}\n`));
  const started = Date.now();
  const devnet = await startDevnet(options);
  const startedMs = Date.now() - started;

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (!options.json) write(`\n${signal}: stopping the devnet`);
    devnet.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  if (options.json) {
    write(
      JSON.stringify({
        event: 'ready',
        startedMs,
        seed: devnet.seed,
        basePort: devnet.basePort,
        watchdogPid: devnet.watchdogPid,
        nodes: devnet.nodes(),
      }),
    );
  } else {
    write(devnetTable(devnet, startedMs));
  }
  return devnet;
}
