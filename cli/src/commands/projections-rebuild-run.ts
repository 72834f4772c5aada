import { writeLine } from '../output/output-mode.js';
import { count, progressLine } from '../output/progress-line.js';

/** "1 min 05 s", "42 s": how long the rest of a rebuild should take. */
function duration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/**
 * Rebuilds in this process against DATABASE_URL / NATS_URL (or XSD_DATA_DIR), like the services
 * themselves; on a terminal a line shows the events replayed, the rate and the time left.
 */
export async function runRebuild(name: string | undefined): Promise<void> {
  const [{ loadConfig }, { rebuildProjections }] = await Promise.all([
    import('@xsd/services/config/config'),
    import('@xsd/services/apps/rebuild'),
  ]);
  const progress = progressLine();
  const started = Date.now();
  let results;
  try {
    results = await rebuildProjections(loadConfig(), name, (line) => {
      progress.done();
      writeLine(line);
    }, ({ replayed, head }) => {
      const seconds = (Date.now() - started) / 1000;
      const rate = seconds > 0 ? replayed / seconds : 0;
      const left = rate > 0 ? ` · about ${duration((head - replayed) / rate)} left` : '';
      progress.update(`replayed ${count(replayed)} of ${count(head)} events · ${count(Math.round(rate))} events/s${left}`);
    });
  } finally {
    progress.done();
  }
  writeLine(`rebuilt ${results.length} projection(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
