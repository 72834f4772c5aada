import type { Command } from 'commander';
import { UsageError } from '../cli-error.js';

interface DevnetOptions {
  readonly basePort?: string;
  readonly seed?: string;
  readonly tickMs?: string;
  readonly simulate: boolean;
  readonly json?: boolean;
}

function integer(value: string | undefined, what: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new UsageError(`Invalid ${what} '${value}': expected a whole number`);
  return parsed;
}

/** `xsd devnet`: the seven local anvil chains with the stand-ins and the market, until Ctrl-C. */
export function registerDevnetCommand(program: Command): void {
  program
    .command('devnet')
    .description('start the local chains alone (seven anvil nodes, stand-in contracts, market simulator) until Ctrl-C')
    .option('--base-port <port>', 'RPC port of Ethereum; the six others follow (default $XSD_DEVNET_BASE_PORT or 8545)')
    .option('--seed <seed>', 'seed of the market simulator (default $XSD_DEVNET_SEED or from the clock)')
    .option('--tick-ms <ms>', 'move prices this often (default $XSD_DEVNET_TICK_MS or 10000)')
    .option('--no-simulate', 'keep prices still')
    .option('--json', 'print one JSON line {"event":"ready",...} instead of the table')
    .action(async (options: DevnetOptions) => {
      const env = process.env;
      const settings = {
        basePort: integer(options.basePort ?? env.XSD_DEVNET_BASE_PORT, 'base port'),
        seed: integer(options.seed ?? env.XSD_DEVNET_SEED, 'seed'),
        tickMs: integer(options.tickMs ?? env.XSD_DEVNET_TICK_MS, 'tick'),
        simulate: options.simulate,
        json: options.json,
      };
      const { runDevnet } = await import('@xsd/services/devnet/run-devnet');
      // Returns once the chains are up; the nodes keep the process alive until Ctrl-C, when the
      // devnet's signal handler stops every node and exits 0.
      await runDevnet(settings);
    });
}
