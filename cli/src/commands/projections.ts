import type { Command } from 'commander';

/**
 * `xsd projections rebuild [name]`: replays the log from sequence 1 into one read model (or all).
 * Runs in this process against DATABASE_URL / NATS_URL, like the services themselves; the
 * services are loaded only when this command runs, so the other commands start fast.
 */
export function registerProjectionsCommand(program: Command): void {
  const projections = program.command('projections').description('read models built from the event log');
  projections
    .command('rebuild')
    .argument('[name]', 'one projection (default: all of them)')
    .description('empty a read model and replay every event into it from sequence 1')
    .action(async (name: string | undefined) => {
      const [{ loadConfig }, { rebuildProjections }] = await Promise.all([
        import('@xsd/services/config/config'),
        import('@xsd/services/apps/rebuild'),
      ]);
      const results = await rebuildProjections(loadConfig(), name, (line) => process.stdout.write(`${line}\n`));
      const total = results.reduce((sum, result) => sum + result.elapsedMs, 0);
      process.stdout.write(`rebuilt ${results.length} projection(s) in ${(total / 1000).toFixed(1)} s\n`);
    });
}
