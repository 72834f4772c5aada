import type { Command } from 'commander';
import type { ActivityOptions } from './activity-run.js';

export function registerActivityCommand(program: Command): void {
  program
    .command('activity')
    .description('staff: every staff and system action, newest first (who, what, which item, before and after)')
    .option('--actor <who>', "a staff email or id, an API key id, or 'system'")
    .option('--action <action>', "an action ('news.created') or its family ('news')")
    .option('--since <time>', 'from this date or time, or a span back from now (24h, 7d)')
    .option('--before <sequence>', 'older than this entry (to page back)')
    .option('--limit <n>', 'at most this many entries (default 100, up to 500)')
    .option('--json', 'print JSON (the GET /api/admin/activity body)')
    .action(async (options: ActivityOptions, command: Command) => {
      const { runActivity } = await import('./activity-run.js');
      await runActivity(options, command);
    });
}
