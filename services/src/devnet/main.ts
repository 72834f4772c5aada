// The local devnet alone: seven anvil nodes with the stand-ins and the market simulator, until
// Ctrl-C. `xsd devnet` runs the same thing (./run-devnet.ts); `make start` starts it in-process.
//
//   node services/dist/devnet/main.js [--base-port 8545] [--seed 42] [--tick-ms 10000] [--no-simulate] [--json]
//
// Environment: XSD_DEVNET_BASE_PORT, XSD_DEVNET_SEED, XSD_DEVNET_TICK_MS (flags win).
// --json prints one line {"event":"ready",...} with the nodes' pids instead of the table.
import { parseArgs } from 'node:util';
import { runDevnet } from './run-devnet.js';

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

try {
  await runDevnet(readOptions());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
