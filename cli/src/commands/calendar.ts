import type { Command } from 'commander';
import type { CalendarOptions } from './calendar-run.js';

export function registerCalendarCommand(program: Command): void {
  program
    .command('calendar')
    .description('upcoming community events (date, time, type, title, location) and the iCalendar feed')
    .option('--all', 'every active event, past ones too')
    .option('--json', 'print JSON')
    .action(async (options: CalendarOptions, command: Command) => {
      const { runCalendar } = await import('./calendar-run.js');
      await runCalendar(options, command);
    });
}
