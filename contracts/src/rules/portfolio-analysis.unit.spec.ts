import { describe, expect, it } from 'vitest';
import type { ChainName, TokenName } from '../chains/names.js';
import {
  analysePortfolio,
  diversificationScore,
  holdingsTier,
  networkAllocation,
  portfolioAdvice,
  portfolioCsv,
  portfolioExportFileName,
  riskScore,
  tokenAllocation,
} from './portfolio-analysis.js';
import type { WalletBalanceEntry } from './wallet-values.js';

const entry = (token: TokenName, chain: ChainName, balance: number, price: number | null): WalletBalanceEntry => ({
  token,
  chain,
  balance,
  price,
  value: price === null ? null : balance * price,
});

/** A portfolio with the given USD values of XSD and BankX, on Ethereum. */
const worth = (xsd: number, bankx: number) => tokenAllocation([entry('XSD', 'Ethereum', xsd, 1), entry('BankX', 'Ethereum', bankx, 1)]);

describe('holdingsTier', () => {
  it('names the tier of the total XSD balance at each boundary', () => {
    expect(holdingsTier(100_000)).toBe('King');
    expect(holdingsTier(99_999.99)).toBe('Whale');
    expect(holdingsTier(50_000)).toBe('Whale');
    expect(holdingsTier(10_000)).toBe('Dolphin');
    expect(holdingsTier(1_000)).toBe('Enthusiast');
    expect(holdingsTier(100)).toBe('Starter');
    expect(holdingsTier(99.5)).toBe('Holder');
    expect(holdingsTier(0.01)).toBe('Holder');
  });
  it('has no tier for zero', () => {
    expect(holdingsTier(0)).toBeNull();
    expect(holdingsTier(Number.NaN)).toBeNull();
  });
});

describe('tokenAllocation', () => {
  it('sums balances and values across chains and shares them by value', () => {
    const allocation = tokenAllocation([
      entry('XSD', 'Ethereum', 10, 1),
      entry('XSD', 'BSC', 10, 1),
      entry('BankX', 'Ethereum', 100, 0.2),
      entry('BankX', 'BSC', 100, 0.2),
    ]);
    expect(allocation.balances).toEqual({ XSD: 20, BankX: 200 });
    expect(allocation.values).toEqual({ XSD: 20, BankX: 40 });
    expect(allocation.basis).toBe('value');
    expect(allocation.shares.XSD).toBeCloseTo(33.333, 3);
    expect(allocation.shares.BankX).toBeCloseTo(66.667, 3);
  });
  it('falls back to balances when no price is known', () => {
    const allocation = tokenAllocation([entry('XSD', 'Ethereum', 30, null), entry('BankX', 'Ethereum', 10, null)]);
    expect(allocation.basis).toBe('balance');
    expect(allocation.values).toEqual({ XSD: null, BankX: null });
    expect(allocation.shares).toEqual({ XSD: 75, BankX: 25 });
  });
  it('has no shares without holdings', () => {
    expect(tokenAllocation([]).shares).toEqual({ XSD: null, BankX: null });
  });
});

describe('portfolioAdvice', () => {
  it('follows the spec thresholds', () => {
    expect(portfolioAdvice(worth(91, 9))).toBe('heavily_xsd');
    expect(portfolioAdvice(worth(90, 10))).toBe('leans_stable');
    expect(portfolioAdvice(worth(9, 91))).toBe('heavily_bankx');
    expect(portfolioAdvice(worth(10, 90))).toBe('leans_growth');
    expect(portfolioAdvice(worth(60, 40))).toBe('balanced');
    expect(portfolioAdvice(worth(40, 60))).toBe('balanced');
    expect(portfolioAdvice(worth(61, 39))).toBe('leans_stable');
    expect(portfolioAdvice(worth(39, 61))).toBe('leans_growth');
    expect(portfolioAdvice(tokenAllocation([]))).toBeNull();
  });
});

describe('riskScore', () => {
  it('is the BankX share rounded, with the spec labels', () => {
    expect(riskScore(worth(67.4, 32.6))).toEqual({ score: 33, label: 'Balanced' });
    expect(riskScore(worth(67.6, 32.4))).toEqual({ score: 32, label: 'Conservative' });
    expect(riskScore(worth(33.4, 66.6))).toEqual({ score: 67, label: 'Aggressive' });
    expect(riskScore(worth(0, 100))).toEqual({ score: 100, label: 'Aggressive' });
    expect(riskScore(worth(100, 0))).toEqual({ score: 0, label: 'Conservative' });
    expect(riskScore(tokenAllocation([]))).toBeNull();
  });
});

describe('networks and diversification', () => {
  it('orders the networks by share', () => {
    const networks = networkAllocation([
      entry('XSD', 'Ethereum', 10, 1),
      entry('BankX', 'Base', 100, 0.3),
      entry('XSD', 'Base', 5, 1),
    ]);
    expect(networks.map((n) => [n.chain, n.value, Math.round(n.share)])).toEqual([
      ['Base', 35, 78],
      ['Ethereum', 10, 22],
    ]);
  });
  it('scores 0 for one network and 100 for an even split over all seven', () => {
    expect(diversificationScore([{ share: 100 }])).toEqual({ score: 0, label: 'low' });
    expect(diversificationScore([])).toEqual({ score: 0, label: 'low' });
    const even = Array.from({ length: 7 }, () => ({ share: 100 / 7 }));
    expect(diversificationScore(even)).toEqual({ score: 100, label: 'good' });
  });
  it('labels 70 and up good, 40 to 69 moderate, else low', () => {
    expect(diversificationScore([{ share: 50 }, { share: 50 }]).label).toBe('low'); // 36
    const four = Array.from({ length: 4 }, () => ({ share: 25 }));
    expect(diversificationScore(four)).toEqual({ score: 71, label: 'good' });
    const three = Array.from({ length: 3 }, () => ({ share: 100 / 3 }));
    expect(diversificationScore(three)).toEqual({ score: 56, label: 'moderate' });
  });
});

describe('analysePortfolio', () => {
  it('puts it together for the first devnet demo wallet (10 XSD and 250 BankX on seven chains)', () => {
    const chains: ChainName[] = ['Ethereum', 'BSC', 'Arbitrum', 'Polygon', 'Optimism', 'Base', 'Avalanche'];
    const analysis = analysePortfolio(chains.flatMap((chain) => [entry('XSD', chain, 10, 1), entry('BankX', chain, 250, 0.42)]));
    expect(analysis.holdingsTier).toBe('Holder'); // 70 XSD in all
    expect(analysis.allocation.values.XSD).toBeCloseTo(70);
    expect(analysis.allocation.values.BankX).toBeCloseTo(735);
    expect(analysis.advice).toBe('heavily_bankx');
    expect(analysis.risk).toEqual({ score: 91, label: 'Aggressive' });
    expect(analysis.networks).toHaveLength(7);
    expect(analysis.diversification).toEqual({ score: 100, label: 'good' });
  });
});

describe('portfolioCsv', () => {
  it('writes the spec columns, one row per balance', () => {
    const csv = portfolioCsv([entry('XSD', 'Ethereum', 10, 1.0234), entry('BankX', 'BSC', 250, 0.42), entry('BankX', 'Base', 3, null)]);
    expect(csv).toBe('Token,Chain,Balance,Value (USD)\nXSD,Ethereum,10,10.23\nBankX,BSC,250,105.00\nBankX,Base,3,\n');
  });
  it('keeps up to 8 decimals below one dollar', () => {
    expect(portfolioCsv([entry('BankX', 'BSC', 1, 0.123456789)])).toContain('BankX,BSC,1,0.12345679\n');
    expect(portfolioCsv([entry('BankX', 'BSC', 1, 0.5)])).toContain('BankX,BSC,1,0.50\n');
  });
  it('dates the export file name', () => {
    expect(portfolioExportFileName('csv', new Date('2026-05-01T23:00:00Z'))).toBe('silverboard-portfolio-2026-05-01.csv');
  });
});
