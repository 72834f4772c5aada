import type { Command } from 'commander';

/**
 * `xsd projections rebuild [name]`: replays the log from sequence 1 into one read model (or all,
 * in parallel). The services are loaded only when this command runs, so the other commands start fast.
 */
export function registerProjectionsCommand(program: Command): void {
  const projections = program.command('projections').description('read models built from the event log');
  projections
    .command('rebuild')
    .argument('[name]', 'one projection (default: all of them)')
    .description('replay every event from sequence 1 into fresh tables, swapped in for the live read model once complete')
    .action(async (name: string | undefined) => {
      const { runRebuild } = await import('./projections-rebuild-run.js');
      await runRebuild(name);
    });
}
