import type { Command } from 'commander';
import type { SilverLatestResponse } from '@xsd/contracts/api/prices';
import { outputMode, writeJson, writeLine } from '../output/output-mode.js';
import { silverText } from '../views/silver-text.js';
import { silverJson, silverView } from '../views/silver-view.js';
import { publicApi } from './context.js';

/** `xsd silver`: JSON, plain text or the Ink panel. */
export async function runSilver(options: { readonly json?: boolean }, command: Command): Promise<void> {
  // 404 before the first reading: the spec's 'No silver price data available...' (exit 1).
  const silver = await publicApi(command).get<SilverLatestResponse>('/api/silver/latest');
  const mode = outputMode(options);
  if (mode === 'json') return writeJson(silverJson(silver));
  const view = silverView(silver, new Date());
  if (mode === 'plain') return silverText(view).forEach((line) => writeLine(line));
  const { showSilver } = await import('../interactive/silver.js');
  showSilver(view);
}
