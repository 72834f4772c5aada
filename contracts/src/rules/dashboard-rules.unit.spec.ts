import { describe, expect, it } from 'vitest';
import { biggestMovers, type MoverCandidate } from './biggest-mover.js';
import { marketCapLabel, marketValue, marketValueTone } from './market-value.js';
import { deviationTier, flaggedDeviationTier, xsdDeviation } from './peg-deviation.js';
import { silverMilestoneProgress, silverMilestones, silverProgressPercent } from './silver-milestones.js';

describe('silver milestones', () => {
  it('marks reached milestones, the nearest unmet one and the rest', () => {
    expect(silverMilestones(1.25).map((m) => m.status)).toEqual(['achieved', 'achieved', 'next', 'future', 'future']);
    expect(silverMilestoneProgress(1.25)).toEqual({ reached: [1.1, 1.2], next: 1.3 });
  });
  it('counts a price exactly at a milestone as achieved', () => {
    expect(silverMilestones(1.1).map((m) => m.status)).toEqual(['achieved', 'next', 'future', 'future', 'future']);
    expect(silverMilestoneProgress(1.5)).toEqual({ reached: [1.1, 1.2, 1.3, 1.4, 1.5], next: null });
  });
  it('has the first milestone next below all of them or without a price', () => {
    expect(silverMilestones(0.98).map((m) => m.status)).toEqual(['next', 'future', 'future', 'future', 'future']);
    expect(silverMilestoneProgress(null)).toEqual({ reached: [], next: 1.1 });
  });
  it('measures progress toward 1.50 and stops at 100 %', () => {
    expect(silverProgressPercent(0.75)).toBe(50);
    expect(silverProgressPercent(1.5)).toBe(100);
    expect(silverProgressPercent(2)).toBe(100);
    expect(silverProgressPercent(null)).toBe(0);
  });
});

describe('biggestMovers', () => {
  const row = (token: 'XSD' | 'BankX', chain: MoverCandidate['chain_name'], change: number | null, price: number | null = 1): MoverCandidate => ({
    token_name: token,
    chain_name: chain,
    price,
    change_24h: change,
  });

  it('keeps gains only, best first, at most 2, one per chain', () => {
    const movers = biggestMovers([
      row('XSD', 'Base', 0.5),
      row('BankX', 'Base', 3),
      row('BankX', 'BSC', 2),
      row('XSD', 'Polygon', 1),
      row('XSD', 'Ethereum', -5),
    ]);
    expect(movers).toEqual([
      { token: 'BankX', chain: 'Base', price: 1, change: 3 },
      { token: 'BankX', chain: 'BSC', price: 1, change: 2 },
    ]);
  });
  it('shows nothing unless the top gain exceeds 0.1 %', () => {
    expect(biggestMovers([row('XSD', 'Base', 0.1), row('BankX', 'BSC', 0.05)])).toEqual([]);
    expect(biggestMovers([row('XSD', 'Base', 0.11), row('BankX', 'BSC', 0.05)])).toHaveLength(2);
    expect(biggestMovers([row('XSD', 'Base', -3)])).toEqual([]);
  });
  it('ignores rows without a price or a change', () => {
    expect(biggestMovers([row('XSD', 'Base', 5, null), row('XSD', 'BSC', null), row('BankX', 'BSC', 1, 0)])).toEqual([]);
  });
});

describe('market value', () => {
  it('is price times supply, only with a price above 0 and a known supply', () => {
    expect(marketValue(2, 1_000)).toBe(2_000);
    expect(marketValue(0, 1_000)).toBeNull();
    expect(marketValue(1, null)).toBeNull();
    expect(marketValue(null, 5)).toBeNull();
  });
  it('labels and colours the cap: under 1M, under 10M, then Mid Cap+', () => {
    expect([999_999, 1_000_000, 9_999_999, 10_000_000].map(marketCapLabel)).toEqual([
      'Micro Cap',
      'Small Cap',
      'Small Cap',
      'Mid Cap+',
    ]);
    expect([999_999, 1_000_000, 9_999_999, 10_000_000].map(marketValueTone)).toEqual(['red', 'amber', 'amber', 'green']);
  });
});

describe('XSD deviation from silver', () => {
  it('is the percent of the price against the gram price', () => {
    expect(xsdDeviation(1.02, 1)).toBeCloseTo(2, 10);
    expect(xsdDeviation(1, null)).toBeNull();
  });
  it('is good under 1 %, warning up to 5 %, error above', () => {
    expect([0, 0.99, -0.99, 1, 5, -5, 5.01, -12].map(deviationTier)).toEqual([
      'good',
      'good',
      'good',
      'warning',
      'warning',
      'warning',
      'error',
      'error',
    ]);
  });
  it('flags only deviations under 50 % either way', () => {
    expect(flaggedDeviationTier(49.9)).toBe('error');
    expect(flaggedDeviationTier(-50)).toBeNull();
    expect(flaggedDeviationTier(80)).toBeNull();
    expect(flaggedDeviationTier(null)).toBeNull();
  });
});
