import type { Command } from 'commander';

export function registerSilverCommand(program: Command): void {
  program
    .command('silver')
    .description('silver price per gram, 24h high, low and change, and progress toward the milestones')
    .option('--json', 'print JSON')
    .action(async (options: { readonly json?: boolean }, command: Command) => {
      const { runSilver } = await import('./silver-run.js');
      await runSilver(options, command);
    });
}
