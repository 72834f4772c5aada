import type { ChainName, TokenName } from '../chains/names.js';

/** At most this many movers are shown, one per chain. */
export const BIGGEST_MOVER_LIMIT = 2;
/** The strip is shown only if the top 24 h gain exceeds this (percent). */
export const BIGGEST_MOVER_THRESHOLD_PERCENT = 0.1;

export interface MoverCandidate {
  readonly token_name: TokenName;
  readonly chain_name: ChainName;
  readonly price: number | null;
  readonly change_24h: number | null;
}

export interface Mover {
  readonly token: TokenName;
  readonly chain: ChainName;
  readonly price: number;
  /** 24 h change, percent, above 0. */
  readonly change: number;
}

/**
 * The biggest-mover strip: 24 h gains only (above 0), best first, one entry per chain, at most
 * 2; empty unless the top gain exceeds 0.1 %.
 */
export function biggestMovers(
  rows: readonly MoverCandidate[],
  { limit = BIGGEST_MOVER_LIMIT, thresholdPercent = BIGGEST_MOVER_THRESHOLD_PERCENT } = {},
): Mover[] {
  const gains = rows
    .filter(
      (row): row is MoverCandidate & { price: number; change_24h: number } =>
        row.price !== null &&
        row.price > 0 &&
        row.change_24h !== null &&
        Number.isFinite(row.change_24h) &&
        row.change_24h > 0,
    )
    .sort((a, b) => b.change_24h - a.change_24h);
  if (gains.length === 0 || gains[0].change_24h <= thresholdPercent) return [];
  const movers: Mover[] = [];
  const chains = new Set<ChainName>();
  for (const row of gains) {
    if (movers.length >= limit) break;
    if (chains.has(row.chain_name)) continue;
    chains.add(row.chain_name);
    movers.push({ token: row.token_name, chain: row.chain_name, price: row.price, change: row.change_24h });
  }
  return movers;
}
