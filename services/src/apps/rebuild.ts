import type { AppConfig } from '../config/config.js';
import { appModules } from './app-modules.js';
import { startWorker } from './bootstrap.js';
import { Projector } from '../projector/projector.js';

export interface RebuildResult {
  readonly name: string;
  readonly sequence: number;
  readonly elapsedMs: number;
}

/** Rebuilds one projection, or every one in turn, in a short-lived process of its own. */
export async function rebuildProjections(
  config: AppConfig,
  name: string | undefined,
  report: (line: string) => void,
): Promise<RebuildResult[]> {
  const app = await startWorker(appModules.oneOffCommands(config));
  try {
    const projector = app.get(Projector);
    const names = name === undefined ? projector.names : [name];
    const results: RebuildResult[] = [];
    for (const each of names) {
      const result = await projector.rebuild(each);
      report(`${each}: replayed up to event ${result.sequence} in ${(result.elapsedMs / 1000).toFixed(1)} s`);
      results.push({ name: each, ...result });
    }
    return results;
  } finally {
    await app.close();
  }
}
