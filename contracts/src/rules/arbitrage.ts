import type { ChainName } from '../chains/names.js';
import { formatChangePercent, formatUsd } from './format.js';

/**
 * The spec's arbitrage finder: for each ordered pair of networks that are not coming soon and
 * not excluded, difference = target price - source price, percentage = difference / source
 * price x 100, profit = trade amount / source price x difference; listed only when both the
 * percent and the amount thresholds are met, most profitable first. XSD only. Gas, slippage
 * and bridge fees are not counted.
 */
export const ARBITRAGE_TOKEN = 'XSD';

export interface ArbitrageSettings {
  /** Percent, slider 0.1 to 10 step 0.1. */
  readonly minProfitPercentage: number;
  /** USD, slider 1 to 100 step 1. */
  readonly minProfitAmount: number;
  readonly excludedNetworks: readonly ChainName[];
  /** USD, min 100 step 100; anything invalid counts as 1000. */
  readonly tradeAmount: number;
  readonly useAI: boolean;
}

export const DEFAULT_ARBITRAGE_SETTINGS: ArbitrageSettings = {
  minProfitPercentage: 1,
  minProfitAmount: 10,
  excludedNetworks: [],
  tradeAmount: 1000,
  useAI: true,
};

export const MIN_PROFIT_PERCENT_RANGE = { min: 0.1, max: 10, step: 0.1 } as const;
export const MIN_PROFIT_AMOUNT_RANGE = { min: 1, max: 100, step: 1 } as const;
export const TRADE_AMOUNT_RANGE = { min: 100, step: 100, fallback: 1000 } as const;

export const ARBITRAGE_DISCLAIMER =
  'Estimates only: gas fees, slippage and bridge fees are not counted. Prices move between networks quickly; check before you trade.';

/** The trade amount the finder uses: a finite number of at least 100, else 1000. */
export function normalizeTradeAmount(value: unknown): number {
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < TRADE_AMOUNT_RANGE.min) return TRADE_AMOUNT_RANGE.fallback;
  return amount;
}

const clamp = (value: unknown, range: { readonly min: number; readonly max: number }, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(range.max, Math.max(range.min, value)) : fallback;

/** Settings read back from storage or a command line: each field checked, defaults for the rest. */
export function normalizeArbitrageSettings(raw: unknown, chains: readonly string[]): ArbitrageSettings {
  const input = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const excluded = Array.isArray(input.excludedNetworks)
    ? input.excludedNetworks.filter((name): name is ChainName => typeof name === 'string' && chains.includes(name))
    : [];
  return {
    minProfitPercentage: clamp(input.minProfitPercentage, MIN_PROFIT_PERCENT_RANGE, DEFAULT_ARBITRAGE_SETTINGS.minProfitPercentage),
    minProfitAmount: clamp(input.minProfitAmount, MIN_PROFIT_AMOUNT_RANGE, DEFAULT_ARBITRAGE_SETTINGS.minProfitAmount),
    excludedNetworks: [...new Set(excluded)],
    tradeAmount: normalizeTradeAmount(input.tradeAmount),
    useAI: typeof input.useAI === 'boolean' ? input.useAI : DEFAULT_ARBITRAGE_SETTINGS.useAI,
  };
}

/** One XSD price on one network; `comingSoon` networks never trade. */
export interface ArbitragePrice {
  readonly chain_name: ChainName;
  readonly price: number | null;
  readonly comingSoon?: boolean;
}

export interface ArbitrageOpportunity {
  /** Buy here. */
  readonly source: ChainName;
  /** Sell here. */
  readonly target: ChainName;
  readonly sourcePrice: number;
  readonly targetPrice: number;
  readonly difference: number;
  /** Percent of the source price. */
  readonly percentage: number;
  /** USD on the trade amount, before fees. */
  readonly profit: number;
}

export function findArbitrage(
  prices: readonly ArbitragePrice[],
  settings: Pick<ArbitrageSettings, 'minProfitPercentage' | 'minProfitAmount' | 'excludedNetworks' | 'tradeAmount'>,
): ArbitrageOpportunity[] {
  const tradeAmount = normalizeTradeAmount(settings.tradeAmount);
  const usable = prices.filter(
    (p): p is ArbitragePrice & { price: number } =>
      !p.comingSoon && !settings.excludedNetworks.includes(p.chain_name) && p.price !== null && Number.isFinite(p.price) && p.price > 0,
  );
  const found: ArbitrageOpportunity[] = [];
  for (const source of usable) {
    for (const target of usable) {
      if (source.chain_name === target.chain_name) continue;
      const difference = target.price - source.price;
      const percentage = (difference / source.price) * 100;
      const profit = (tradeAmount / source.price) * difference;
      if (percentage < settings.minProfitPercentage || profit < settings.minProfitAmount) continue;
      found.push({
        source: source.chain_name,
        target: target.chain_name,
        sourcePrice: source.price,
        targetPrice: target.price,
        difference,
        percentage,
        profit,
      });
    }
  }
  // Ties keep the networks' order, so the list does not reshuffle between identical ticks.
  return found.sort((a, b) => b.profit - a.profit);
}

/** The assistant note: the top route, and the second as a backup. */
export function arbitrageAdvice(opportunities: readonly ArbitrageOpportunity[]): string {
  const [best, backup] = opportunities;
  if (!best) return 'No route clears your thresholds right now. Lower the minimum profit or wait for prices to move.';
  const route = (o: ArbitrageOpportunity) => `buy on ${o.source} and sell on ${o.target}`;
  const gain = (o: ArbitrageOpportunity) => `about ${formatUsd(o.profit)} (${formatChangePercent(o.percentage)})`;
  const main = `Best route: ${route(best)} for ${gain(best)}.`;
  if (!backup) return `${main} No backup route clears your thresholds.`;
  return `${main} Backup: ${route(backup)} for ${gain(backup)}.`;
}
