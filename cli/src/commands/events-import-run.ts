import { writeLine } from '../output/output-mode.js';
import { count, progressLine } from '../output/progress-line.js';

/** Runs in this process against the services' settings; the services load only when this command runs. */
export async function runImport(files: readonly string[]): Promise<void> {
  const [{ loadConfig }, { importEvents }] = await Promise.all([
    import('@xsd/services/config/config'),
    import('@xsd/services/backup/event-import'),
  ]);
  const config = loadConfig();
  const progress = progressLine();
  let result;
  try {
    result = await importEvents(config, files, ({ phase, events, total }) =>
      progress.update(phase === 'checking' ? `checking the export: ${count(events)} events` : `importing: ${count(events)} of ${count(total)} events`),
    );
  } finally {
    progress.done();
  }
  const resumed = result.skipped > 0 ? ` (the first ${count(result.skipped)} were there from an interrupted import)` : '';
  writeLine(
    `imported ${count(result.events - result.skipped)} events${resumed} and ${count(result.photos)} photo(s); ` +
      'start the services: they rebuild every read model from the log',
  );
}
