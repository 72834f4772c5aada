import { type Command, Option } from 'commander';
import type { PricesOptions } from './prices-run.js';

export function registerPricesCommand(program: Command): void {
  program
    .command('prices')
    .description("XSD and BankX on every chain: price, 24h change, XSD's deviation from silver, maintenance")
    .addOption(new Option('--token <token>', 'only this token: XSD or BankX'))
    .addOption(new Option('--chain <name>', 'only this network (Ethereum, BSC, Arbitrum, Polygon, Optimism, Base, Avalanche)'))
    .option('--watch', 'keep updating from the live stream until Ctrl-C')
    .option('--json', 'print JSON (with --watch: one JSON object per line)')
    .action(async (options: PricesOptions, command: Command) => {
      const { runPrices } = await import('./prices-run.js');
      await runPrices(options, command);
    });
}
