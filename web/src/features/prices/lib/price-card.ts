import type { LatestPrice } from '@xsd/contracts/api/prices';
import type { ChartPoint } from '@xsd/contracts/rules/chart-points';
import { MAINNET_NETWORKS } from '@xsd/contracts/chains/networks';
import type { ChainName, TokenName } from '@xsd/contracts/chains/names';

/**
 * Total supply of the token on the chain (`total_supply`, token units), when the API has one
 * that is usable; supply and market value show N/A otherwise (null until the first reading, or
 * an older server that does not send it).
 */
export function rowSupply(row: LatestPrice): number | null {
  const supply: unknown = (row as Partial<LatestPrice>).total_supply;
  return typeof supply === 'number' && Number.isFinite(supply) && supply >= 0 ? supply : null;
}

/** The points to draw: the history, or a single point at the current price when it failed. */
export function chartPointsFor(
  row: LatestPrice,
  history: { readonly points: readonly ChartPoint[] } | undefined,
  failed: boolean,
  now: number,
): readonly ChartPoint[] {
  const points = (history?.points ?? []).filter((p) => Number.isFinite(p.price));
  if (points.length > 0) return points;
  if (failed && row.price !== null && row.price > 0) {
    return [{ timestamp: row.timestamp ?? new Date(now).toISOString(), price: row.price }];
  }
  return [];
}

/** High and low of the drawn points; null without points. */
export function highLow(points: readonly ChartPoint[]): { high: number; low: number } | null {
  if (points.length === 0) return null;
  const prices = points.map((p) => p.price);
  return { high: Math.max(...prices), low: Math.min(...prices) };
}

/** The token's contract on the chain's block explorer (mainnet table); null when unknown. */
export function explorerTokenUrl(chain: ChainName, token: TokenName): string | null {
  const network = MAINNET_NETWORKS.find((n) => n.name === chain);
  const address = network?.tokens[token];
  const explorer = network?.blockExplorerUrls[0];
  return address && explorer ? `${explorer}/token/${address}` : null;
}

/** Networks shown in the 'Coming Soon' section. */
export function comingSoonChains(): ChainName[] {
  return MAINNET_NETWORKS.filter((n) => n.comingSoon).map((n) => n.name);
}
