import type { Command } from 'commander';
import type { PushStatusOptions } from './push-status-run.js';

export function registerPushCommand(program: Command): void {
  const push = program.command('push').description('web push notifications');
  push
    .command('status')
    .description('staff (analytics permission): subscriptions, alert rules, and deliveries in the last 24 h (sent, failed, pruned)')
    .option('--json', 'print JSON (the GET /api/admin/push body)')
    .action(async (options: PushStatusOptions, command: Command) => {
      const { runPushStatus } = await import('./push-status-run.js');
      await runPushStatus(options, command);
    });
}
