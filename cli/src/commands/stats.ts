import type { Command } from 'commander';
import type { StatsOptions } from './stats-run.js';

export function registerStatsCommand(program: Command): void {
  program
    .command('stats')
    .description('staff: visitor analytics (the Analytics tab): visits, unique visitors, session length, bounce rate, top pages, devices')
    .option('--days <n>', 'the window: 7, 30, 90 or 365 days (default 30)')
    .option('--json', 'print JSON (the GET /api/admin/analytics body)')
    .action(async (options: StatsOptions, command: Command) => {
      const { runStats } = await import('./stats-run.js');
      await runStats(options, command);
    });
}
