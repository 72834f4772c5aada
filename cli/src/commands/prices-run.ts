import type { Command } from 'commander';
import type { LatestPricesResponse, SilverLatestResponse } from '@xsd/contracts/api/prices';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { type ApiClient, ApiRequestError } from '../api/api-client.js';
import { outputMode, writeJson, writeLine } from '../output/output-mode.js';
import { parseChainOption, parseTokenOption } from '../views/filters.js';
import { type PriceFilter, type PricesSnapshot, pricesJson, silverReading } from '../views/prices-json.js';
import { publicApi } from './context.js';

export interface PricesOptions {
  readonly token?: string;
  readonly chain?: string;
  readonly watch?: boolean;
  readonly json?: boolean;
}

/** The latest prices, silver per gram and the site settings, in parallel. */
export async function loadPricesSnapshot(api: ApiClient): Promise<PricesSnapshot> {
  const [latest, silver, site] = await Promise.all([
    api.get<LatestPricesResponse>('/api/prices/latest'),
    // Without silver (404 before the first reading) the table still shows; deviation is N/A.
    api.get<SilverLatestResponse>('/api/silver/latest').then(
      silverReading,
      (error: unknown) => {
        if (error instanceof ApiRequestError) return null;
        throw error;
      },
    ),
    // The spec ignores failed maintenance reads.
    api.get<SiteSettings>('/api/site').catch(() => null),
  ]);
  return { items: latest.items, silver, site };
}

/** `xsd prices`: JSON, plain text or the Ink table (live with --watch). */
export async function runPrices(options: PricesOptions, command: Command): Promise<void> {
  const filter: PriceFilter = { token: parseTokenOption(options.token), chain: parseChainOption(options.chain) };
  const api = publicApi(command);
  const snapshot = await loadPricesSnapshot(api);
  const mode = outputMode(options);
  // The JSON path loads nothing more: no Ink, no number formatting.
  if (mode === 'json' && !options.watch) return writeJson(pricesJson(snapshot, filter));
  if (mode === 'interactive') {
    const [{ showPrices, watchPrices }, { pricesView }] = await Promise.all([import('../interactive/prices.js'), import('../views/prices-view.js')]);
    if (options.watch) await watchPrices({ initial: snapshot, filter, load: () => loadPricesSnapshot(api), api });
    else showPrices(pricesView(snapshot, filter, new Date()));
    return;
  }
  if (mode === 'json') {
    process.stdout.write(`${JSON.stringify({ type: 'snapshot', data: pricesJson(snapshot, filter) })}\n`);
  } else {
    const [{ pricesView }, { pricesText }] = await Promise.all([import('../views/prices-view.js'), import('../views/prices-text.js')]);
    pricesText(pricesView(snapshot, filter, new Date())).forEach((line) => writeLine(line));
    if (!options.watch) return;
    writeLine('');
    writeLine('Live updates (Ctrl-C to stop):');
  }
  const { followPlain } = await import('./prices-follow.js');
  await followPlain(api, filter, mode === 'json');
}

