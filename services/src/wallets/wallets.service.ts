import { Inject, Injectable } from '@nestjs/common';
import { TOKEN_NAMES, type ChainName, type TokenName } from '@xsd/contracts';
import type { WalletScanResponse } from '@xsd/contracts/api/wallets';
import { ApiError } from '../http/api-error.filter.js';
import { ChainReaders } from '../chains/rpc/chain-readers.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { PriceHistoryRepository } from '../read-models/price-history/price-history.repository.js';
import { SilverPricesRepository } from '../read-models/silver-prices/silver-prices.repository.js';
import { InvalidWalletAddressError, normalizeWalletAddress, scanWallet, type PriceBook } from './wallet-scanner.js';

/** Portfolio scans for the API: balances from the chains, values from the latest accepted prices. */
@Injectable()
export class WalletsService {
  constructor(
    private readonly prices: PriceHistoryRepository,
    private readonly silver: SilverPricesRepository,
    private readonly readers: ChainReaders,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async scan(address: string): Promise<WalletScanResponse> {
    try {
      normalizeWalletAddress(address);
    } catch (error) {
      if (error instanceof InvalidWalletAddressError) throw new ApiError(400, 'invalid_address', error.message);
      throw error;
    }
    return scanWallet(address, {
      networks: this.readers.networks,
      readerFor: (network) => this.readers.get(network.name),
      prices: () => this.priceBook(),
      now: this.clock,
    });
  }

  private async priceBook(): Promise<PriceBook> {
    const chains = this.readers.networks.map((n) => n.name);
    const pairs = TOKEN_NAMES.flatMap((token) => chains.map((chain) => ({ token, chain })));
    const [snapshots, silver] = await Promise.all([this.prices.snapshots(pairs, this.clock()), this.silver.latest()]);
    const prices = new Map<ChainName, Record<TokenName, number | null>>();
    for (const snapshot of snapshots) {
      const entry = prices.get(snapshot.chain_name) ?? { XSD: null, BankX: null };
      entry[snapshot.token_name] = snapshot.latest?.price ?? null;
      prices.set(snapshot.chain_name, entry);
    }
    return { prices, silverGramPrice: silver?.price ?? null };
  }
}
