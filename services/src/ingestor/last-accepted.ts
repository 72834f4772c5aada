import { TOKEN_NAMES, type ChainName, type TokenName } from '@xsd/contracts';
import type { PriceHistoryRepository } from '../read-models/price-history/price-history.repository.js';
import type { SilverPricesRepository } from '../read-models/silver-prices/silver-prices.repository.js';

export interface LastAccepted {
  /** `${chain}:${token}` → the newest accepted price. */
  readonly prices: Map<string, number>;
  readonly silverPerGram: number | null;
}

export const priceKey = (chain: ChainName, token: TokenName): string => `${chain}:${token}`;

/**
 * The newest accepted readings, from the read models, for the ingestor's jump filter at start:
 * one index lookup per token and chain, however long the history.
 */
export async function loadLastAccepted(
  readModels: { readonly prices: PriceHistoryRepository; readonly silver: SilverPricesRepository },
  chains: readonly ChainName[],
  now: Date,
): Promise<LastAccepted> {
  const pairs = TOKEN_NAMES.flatMap((token) => chains.map((chain) => ({ token, chain })));
  const [snapshots, silver] = await Promise.all([readModels.prices.snapshots(pairs, now), readModels.silver.latest()]);
  const prices = new Map<string, number>();
  for (const snapshot of snapshots) {
    if (snapshot.latest) prices.set(priceKey(snapshot.chain_name, snapshot.token_name), snapshot.latest.price);
  }
  return { prices, silverPerGram: silver?.price ?? null };
}
