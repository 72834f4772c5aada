import type { AppConfig } from '../config/config.js';
import { appModules } from './app-modules.js';
import { startWorker } from './bootstrap.js';
import { Projector, type RebuildProgress, type RebuildResult } from '../projector/projector.js';

export type { RebuildProgress, RebuildResult };

/**
 * Rebuilds one projection, several, or every one (`undefined`) in a short-lived process of its
 * own: all of them in parallel from one read of the log.
 */
export async function rebuildProjections(
  config: AppConfig,
  name: string | readonly string[] | undefined,
  report: (line: string) => void,
  onProgress?: (progress: RebuildProgress) => void,
): Promise<RebuildResult[]> {
  const app = await startWorker(appModules.oneOffCommands(config));
  try {
    const projector = app.get(Projector);
    const names = name === undefined ? projector.names : typeof name === 'string' ? [name] : name;
    const results = await projector.rebuildAll(names, { onProgress });
    for (const result of results) {
      report(`${result.name}: replayed up to event ${result.sequence} in ${(result.elapsedMs / 1000).toFixed(1)} s`);
    }
    return results;
  } finally {
    await app.close();
  }
}
