import type { ChainName, TokenName } from '@xsd/contracts/chains/names';
import type { LatestPrice, SilverLatestResponse } from '@xsd/contracts/api/prices';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { xsdDeviation } from '@xsd/contracts/rules/peg-deviation';

// Kept apart from the text views: `xsd prices --json` loads no formatting (Intl) at all.

/** Silver per gram and its time: all of `GET /api/silver/latest` that `xsd prices` shows. */
export type SilverReading = Pick<SilverLatestResponse, 'price_per_gram' | 'timestamp'>;

export function silverReading(latest: SilverLatestResponse): SilverReading {
  return { price_per_gram: latest.price_per_gram, timestamp: latest.timestamp };
}

/** Everything `xsd prices` shows: the API's latest prices, silver per gram, the site settings. */
export interface PricesSnapshot {
  readonly items: readonly LatestPrice[];
  readonly silver: SilverReading | null;
  readonly site: SiteSettings | null;
}

export interface PriceFilter {
  readonly token: TokenName | null;
  readonly chain: ChainName | null;
}

export const NO_FILTER: PriceFilter = { token: null, chain: null };

export function filterItems(items: readonly LatestPrice[], filter: PriceFilter): LatestPrice[] {
  return items.filter(
    (item) => (filter.token === null || item.token_name === filter.token) && (filter.chain === null || item.chain_name === filter.chain),
  );
}

/** XSD's deviation from the silver gram price, percent; null for BankX or without both prices. */
export function deviationFromSilver(item: LatestPrice, silver: SilverReading | null): number | null {
  if (item.token_name !== 'XSD') return null;
  return xsdDeviation(item.price, silver?.price_per_gram ?? null);
}

/** `--json`: the API's rows (filtered) with XSD's deviation from silver, silver and the site settings. */
export function pricesJson(snapshot: PricesSnapshot, filter: PriceFilter) {
  return {
    items: filterItems(snapshot.items, filter).map((item) => ({ ...item, deviation_from_silver: deviationFromSilver(item, snapshot.silver) })),
    silver: snapshot.silver,
    site: snapshot.site,
  };
}
