import type { Command } from 'commander';
import type { PegOptions } from './peg-run.js';

export function registerPegCommand(program: Command): void {
  program
    .command('peg')
    .description("silver-peg health: each chain's XSD deviation from silver and its time within 1 % / 5 %")
    .option('--days <n>', 'window in days, 1 to 365 (default 1)')
    .option('--json', 'print JSON')
    .action(async (options: PegOptions, command: Command) => {
      const { runPeg } = await import('./peg-run.js');
      await runPeg(options, command);
    });
}
