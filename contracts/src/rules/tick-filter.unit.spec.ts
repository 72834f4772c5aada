import { describe, expect, it } from 'vitest';
import { checkTick } from './tick-filter.js';
import { pegDeviation, totalValue, walletBalanceEntry } from './wallet-values.js';

describe('checkTick', () => {
  it('accepts the first positive reading', () => {
    expect(checkTick(1.02, null)).toEqual({ accepted: true });
  });

  it('refuses a reading at or below 0, or not a number', () => {
    expect(checkTick(0, 1)).toEqual({ accepted: false, reason: 'non_positive' });
    expect(checkTick(-0.5, null)).toEqual({ accepted: false, reason: 'non_positive' });
    expect(checkTick(Number.NaN, 1)).toEqual({ accepted: false, reason: 'non_positive' });
  });

  it('refuses a move of more than 50 % from the last accepted reading, either way', () => {
    expect(checkTick(1.5, 1)).toEqual({ accepted: true });
    expect(checkTick(0.5, 1)).toEqual({ accepted: true });
    expect(checkTick(1.500001, 1)).toEqual({ accepted: false, reason: 'jump' });
    expect(checkTick(0.499999, 1)).toEqual({ accepted: false, reason: 'jump' });
    expect(checkTick(2.2, 1)).toEqual({ accepted: false, reason: 'jump' });
  });
});

describe('wallet values', () => {
  it('values a balance at the price, and XSD also at the silver gram price', () => {
    expect(walletBalanceEntry({ token: 'BankX', chain: 'Base', balance: 100, price: 0.5, silverGramPrice: 1 })).toEqual({
      token: 'BankX',
      chain: 'Base',
      balance: 100,
      price: 0.5,
      value: 50,
    });
    const xsd = walletBalanceEntry({ token: 'XSD', chain: 'BSC', balance: 10, price: 1.1, silverGramPrice: 1 });
    expect(xsd).toEqual({
      token: 'XSD',
      chain: 'BSC',
      balance: 10,
      price: 1.1,
      value: 11,
      pegValue: 10,
      pegDeviation: expect.closeTo(10, 10),
    });
  });

  it('leaves values unknown without a price, and sums what is known', () => {
    const entries = [
      walletBalanceEntry({ token: 'XSD', chain: 'BSC', balance: 10, price: null, silverGramPrice: null }),
      walletBalanceEntry({ token: 'BankX', chain: 'BSC', balance: 10, price: 2, silverGramPrice: null }),
    ];
    expect(entries[0]).toMatchObject({ value: null, pegValue: null, pegDeviation: null });
    expect(totalValue(entries)).toBe(20);
    expect(pegDeviation(0.95, 1)).toBeCloseTo(-5, 10);
    expect(pegDeviation(1, 0)).toBeNull();
  });
});
