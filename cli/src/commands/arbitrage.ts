import type { Command } from 'commander';
import type { ArbitrageOptions } from './arbitrage-run.js';

export function registerArbitrageCommand(program: Command): void {
  program
    .command('arbitrage')
    .description('XSD price gaps between networks, most profitable first (gas, slippage and bridge fees not counted)')
    .option('--amount <usd>', 'trade amount in USD, 100 or more (default 1000)')
    .option('--min-percent <percent>', 'smallest spread to list, 0.1 to 10 (default 1)')
    .option('--min-profit <usd>', 'smallest profit to list, 1 to 100 (default 10)')
    .option('--json', 'print JSON')
    .action(async (options: ArbitrageOptions, command: Command) => {
      const { runArbitrage } = await import('./arbitrage-run.js');
      await runArbitrage(options, command);
    });
}
