// The local devnet alone: seven anvil nodes with the stand-ins and the market simulator, until
// Ctrl-C. Later `xsd devnet` and `make start` run the same thing.
//
//   node services/dist/devnet/main.js [--base-port 8545] [--seed 42] [--tick-ms 10000] [--no-simulate] [--json]
//
// Environment: XSD_DEVNET_BASE_PORT, XSD_DEVNET_SEED, XSD_DEVNET_TICK_MS (flags win).
// --json prints one line {"event":"ready",...} with the nodes' pids instead of the table.
import { parseArgs } from 'node:util';
import { startDevnet, type Devnet } from './devnet.js';

function readOptions() {
  const { values } = parseArgs({
    options: {
      'base-port': { type: 'string', default: process.env.XSD_DEVNET_BASE_PORT },
      seed: { type: 'string', default: process.env.XSD_DEVNET_SEED },
      'tick-ms': { type: 'string', default: process.env.XSD_DEVNET_TICK_MS },
      'no-simulate': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  return {
    basePort: integer(values['base-port'], 'base port'),
    seed: integer(values.seed, 'seed'),
    tickMs: integer(values['tick-ms'], 'tick'),
    simulate: !values['no-simulate'],
    json: values.json,
  };
}

function integer(value: string | undefined, what: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`Invalid ${what}: ${value}`);
  return parsed;
}

function printTable(devnet: Devnet, startedMs: number): void {
  const market = devnet.market();
  const nodes = devnet.nodes();
  const network = (chain: string) => devnet.networks.find((n) => n.name === chain)!;
  const lines = [
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
  ];
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const options = readOptions();
  const started = Date.now();
  const devnet = await startDevnet(options);
  const startedMs = Date.now() - started;

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (!options.json) console.log(`\n${signal}: stopping the devnet`);
    devnet.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  if (options.json) {
    console.log(
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
    printTable(devnet, startedMs);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
