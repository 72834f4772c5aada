// Shared test data of the CLI's unit and component tests.
import type { LatestPrice, SilverLatestResponse } from '@xsd/contracts/api/prices';
import type { SiteSettings } from '@xsd/contracts/api/site';
import type { WalletScanResponse } from '@xsd/contracts/api/wallets';
import type { ChainName, TokenName } from '@xsd/contracts/chains/names';
import { walletBalanceEntry } from '@xsd/contracts/rules/wallet-values';
import type { PricesSnapshot } from '../views/prices-json.js';

export const NOW = new Date('2026-05-01T12:00:00.000Z');
export const SEVEN_CHAINS: readonly ChainName[] = ['Ethereum', 'BSC', 'Arbitrum', 'Polygon', 'Optimism', 'Base', 'Avalanche'];

export function latest(token: TokenName, chain: ChainName, price: number | null, change: number | null, extra: Partial<LatestPrice> = {}): LatestPrice {
  return {
    token_name: token,
    chain_name: chain,
    price,
    timestamp: price === null ? null : '2026-05-01T11:59:30.000Z',
    change_24h: change,
    status: 'active',
    maintenance_message: null,
    total_supply: null,
    ...extra,
  };
}

export const SITE_OFF: SiteSettings = {
  maintenance_mode: false,
  maintenance_title: null,
  maintenance_message: null,
  expected_up_time: null,
  updated_at: null,
};

export const SITE_ON: SiteSettings = {
  maintenance_mode: true,
  maintenance_title: 'Upgrade',
  maintenance_message: 'Back soon',
  expected_up_time: '2026-05-01T14:00:00.000Z',
  updated_at: '2026-05-01T11:00:00.000Z',
};

export const SNAPSHOT: PricesSnapshot = {
  items: [
    latest('XSD', 'Ethereum', 1.0123, 1.5),
    latest('XSD', 'BSC', 1.06, -2.25),
    latest('XSD', 'Base', null, null),
    latest('BankX', 'Ethereum', 0.42, 0),
    latest('BankX', 'BSC', 0.4321, -0.5, { status: 'maintenance', maintenance_message: null }),
  ],
  silver: { price_per_gram: 1.0, timestamp: '2026-05-01T11:59:00.000Z' },
  site: SITE_OFF,
};

export const SILVER: SilverLatestResponse = {
  price_per_gram: 1.2345,
  timestamp: '2026-05-01T11:59:00.000Z',
  source: 'blockchain',
  current: 1.2345,
  high24h: 1.25,
  low24h: 1.2,
  change24h: 0.0123,
  changePercent: 1.0064,
  lastUpdate: '2026-05-01T11:59:00.000Z',
  hasHistoricalData: true,
};

/** The first devnet demo wallet: 10 XSD and 250 BankX on every chain, BankX at $0.42, XSD at $1.01, silver $1.00. */
export function demoScan(failed: readonly ChainName[] = []): WalletScanResponse {
  const ok = SEVEN_CHAINS.filter((c) => !failed.includes(c));
  return {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    scanned_at: NOW.toISOString(),
    chains: SEVEN_CHAINS.map((chain) =>
      failed.includes(chain)
        ? { chain, status: 'failed' as const, error: 'every RPC endpoint failed' }
        : { chain, status: 'ok' as const, balances: { XSD: 10, BankX: 250 }, block_number: 12 },
    ),
    balances: ok.flatMap((chain) => [
      walletBalanceEntry({ token: 'XSD', chain, balance: 10, price: 1.01, silverGramPrice: 1 }),
      walletBalanceEntry({ token: 'BankX', chain, balance: 250, price: 0.42, silverGramPrice: 1 }),
    ]),
    total_value: ok.length * (10 * 1.01 + 250 * 0.42),
    silver_price_per_gram: 1,
    failed_chains: [...failed],
  };
}
