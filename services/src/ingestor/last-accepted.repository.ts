import { TOKEN_NAMES, type ChainName, type TokenName } from '@xsd/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../database/schema.js';
import { PricesRepository } from '../prices/prices.repository.js';

export interface LastAccepted {
  /** `${chain}:${token}` → the newest accepted price. */
  readonly prices: Map<string, number>;
  readonly silverPerGram: number | null;
}

export const priceKey = (chain: ChainName, token: TokenName): string => `${chain}:${token}`;

/** The newest accepted readings, from the read models, for the ingestor's jump filter at start. */
export class LastAcceptedRepository {
  private readonly prices: PricesRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.prices = new PricesRepository(db);
  }

  /** One index lookup per token and chain, however long the history. */
  async load(chains: readonly ChainName[]): Promise<LastAccepted> {
    const pairs = TOKEN_NAMES.flatMap((token) => chains.map((chain) => ({ token, chain })));
    const [snapshots, silver] = await Promise.all([
      this.prices.snapshots(pairs, new Date()),
      this.db.selectFrom('silver_prices').select('price_per_gram').orderBy('timestamp', 'desc').limit(1).executeTakeFirst(),
    ]);
    const prices = new Map<string, number>();
    for (const snapshot of snapshots) {
      if (snapshot.latest) prices.set(priceKey(snapshot.chain_name, snapshot.token_name), snapshot.latest.price);
    }
    return { prices, silverPerGram: silver?.price_per_gram ?? null };
  }
}
