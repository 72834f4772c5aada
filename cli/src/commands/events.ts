import type { Command } from 'commander';
import type { ExportOptions } from './events-export-run.js';

/**
 * `xsd events export` (super admins, through the API of a running deployment) and `xsd events
 * import` (offline, into the log of the deployment DATABASE_URL / NATS_URL or XSD_DATA_DIR name,
 * like `xsd projections rebuild`): the backup and restore of the event log.
 */
export function registerEventsCommand(program: Command): void {
  const events = program.command('events').description('backup and restore of the event log');
  events
    .command('export')
    .description('stream the event log (and the contact photos it names) to a file or stdout; super admins only')
    .option('--since <seq>', 'first event to export (default 1); the sequence an earlier export printed, to continue it in a new file')
    .option('--out <file>', 'write to this new file (mode 0600; gzipped when it ends in .gz) instead of stdout')
    .action(async (options: ExportOptions, command: Command) => {
      const { runExport } = await import('./events-export-run.js');
      await runExport(options, command);
    });
  events
    .command('import')
    .argument('<files...>', 'the export, or the files of an export and its continuations, in order')
    .description('write an export into an empty event log, with the services stopped; the next start rebuilds every read model')
    .action(async (files: string[]) => {
      const { runImport } = await import('./events-import-run.js');
      await runImport(files);
    });
}
