import { describe, expect, it } from 'vitest';
import {
  arbitrageAdvice,
  DEFAULT_ARBITRAGE_SETTINGS,
  findArbitrage,
  normalizeArbitrageSettings,
  normalizeTradeAmount,
  type ArbitragePrice,
} from './arbitrage.js';

const PRICES: ArbitragePrice[] = [
  { chain_name: 'Ethereum', price: 1.0 },
  { chain_name: 'BSC', price: 1.05 },
  { chain_name: 'Polygon', price: 0.98 },
  { chain_name: 'Base', price: null },
  { chain_name: 'Pulsechain', price: 0.5, comingSoon: true },
];

const settings = { ...DEFAULT_ARBITRAGE_SETTINGS };

describe('findArbitrage', () => {
  it('lists ordered pairs that clear both thresholds, most profitable first', () => {
    const found = findArbitrage(PRICES, settings);
    expect(found.map((o) => `${o.source}->${o.target}`)).toEqual(['Polygon->BSC', 'Ethereum->BSC', 'Polygon->Ethereum']);
    const [best] = found;
    expect(best.difference).toBeCloseTo(0.07, 10);
    expect(best.percentage).toBeCloseTo((0.07 / 0.98) * 100, 10);
    // trade amount / source price x difference
    expect(best.profit).toBeCloseTo((1000 / 0.98) * 0.07, 10);
  });

  it('never uses coming-soon networks, missing prices or excluded networks', () => {
    const found = findArbitrage(PRICES, { ...settings, excludedNetworks: ['Polygon'] });
    expect(found.map((o) => `${o.source}->${o.target}`)).toEqual(['Ethereum->BSC']);
    expect(findArbitrage(PRICES, settings).some((o) => [o.source, o.target].includes('Pulsechain'))).toBe(false);
  });

  it('needs both the percent and the amount threshold', () => {
    // Polygon->Ethereum: 2.04 %, $20.41 on $1000
    expect(findArbitrage(PRICES, { ...settings, minProfitPercentage: 2.1 }).map((o) => o.target)).toEqual(['BSC', 'BSC']);
    expect(findArbitrage(PRICES, { ...settings, minProfitAmount: 51 }).map((o) => o.source)).toEqual(['Polygon']);
    // exactly at a threshold counts; a small trade clears the percent but not the amount
    expect(findArbitrage(PRICES, { ...settings, minProfitAmount: 50 }).map((o) => o.source)).toEqual(['Polygon', 'Ethereum']);
    expect(findArbitrage(PRICES, { ...settings, tradeAmount: 100 })).toEqual([]);
  });

  it('counts an invalid trade amount as 1000', () => {
    const [best] = findArbitrage(PRICES, { ...settings, tradeAmount: Number.NaN });
    expect(best.profit).toBeCloseTo((1000 / 0.98) * 0.07, 10);
  });
});

describe('trade amount and stored settings', () => {
  it('takes 100 or more, else falls back to 1000', () => {
    expect(normalizeTradeAmount(100)).toBe(100);
    expect(normalizeTradeAmount('2500')).toBe(2500);
    expect(normalizeTradeAmount(99)).toBe(1000);
    expect(normalizeTradeAmount('')).toBe(1000);
    expect(normalizeTradeAmount('abc')).toBe(1000);
    expect(normalizeTradeAmount(Infinity)).toBe(1000);
  });

  it('keeps what is valid, clamps slider values and drops unknown networks', () => {
    expect(
      normalizeArbitrageSettings(
        { minProfitPercentage: 50, minProfitAmount: 0, excludedNetworks: ['BSC', 'Mars', 'BSC', 3], tradeAmount: 300, useAI: false },
        ['Ethereum', 'BSC'],
      ),
    ).toEqual({ minProfitPercentage: 10, minProfitAmount: 1, excludedNetworks: ['BSC'], tradeAmount: 300, useAI: false });
    expect(normalizeArbitrageSettings('garbage', [])).toEqual(DEFAULT_ARBITRAGE_SETTINGS);
  });
});

describe('arbitrageAdvice', () => {
  it('names the top route and the second as a backup', () => {
    expect(arbitrageAdvice(findArbitrage(PRICES, settings))).toBe(
      'Best route: buy on Polygon and sell on BSC for about $71.43 (+7.14%). Backup: buy on Ethereum and sell on BSC for about $50.00 (+5.00%).',
    );
  });

  it('says when there is no backup, or no route at all', () => {
    expect(arbitrageAdvice(findArbitrage(PRICES, { ...settings, excludedNetworks: ['Polygon'] }))).toMatch(
      /^Best route: buy on Ethereum and sell on BSC .* No backup route clears your thresholds\.$/,
    );
    expect(arbitrageAdvice([])).toMatch(/^No route clears your thresholds/);
  });
});
