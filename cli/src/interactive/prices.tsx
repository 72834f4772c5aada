import type { ApiClient } from '../api/api-client.js';
import { followLiveStream } from '../api/live-stream.js';
import { PricesTable } from '../components/PricesTable.js';
import { type PriceFeed, PricesWatch } from '../components/PricesWatch.js';
import { printOnce, runApp } from '../output/ink-runtime.js';
import type { PriceFilter, PricesSnapshot, PricesView } from '../views/prices-view.js';

export function showPrices(view: PricesView): void {
  printOnce(<PricesTable view={view} />);
}

export async function watchPrices(input: {
  readonly initial: PricesSnapshot;
  readonly filter: PriceFilter;
  readonly load: () => Promise<PricesSnapshot>;
  readonly api: ApiClient;
}): Promise<void> {
  const feed: PriceFeed = { load: input.load, follow: (handlers, signal) => followLiveStream(input.api, handlers, signal) };
  await runApp(<PricesWatch initial={input.initial} filter={input.filter} feed={feed} />);
}
