import { describe, expect, it } from 'vitest';
import { checkTick, isSurprising, opinionsAgree, settleByAgreement } from './tick-filter.js';
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

describe('agreement between endpoints', () => {
  const opinion = (endpoint: string, values: Record<string, number>) => ({ endpoint, values });

  it('finds a first price or a filtered one surprising, and a small move not', () => {
    expect(isSurprising(0.99, null)).toBe(true);
    expect(isSurprising(9.9, 0.99)).toBe(true);
    expect(isSurprising(0, 0.99)).toBe(true);
    expect(isSurprising(1.01, 0.99)).toBe(false);
  });

  it('agrees within 1 % on every shared value, and not without a shared value', () => {
    expect(opinionsAgree(opinion('a', { XSD: 1, BankX: 0.4 }), opinion('b', { XSD: 1.0099, BankX: 0.4 }))).toBe(true);
    expect(opinionsAgree(opinion('a', { XSD: 1, BankX: 0.4 }), opinion('b', { XSD: 1, BankX: 0.41 }))).toBe(false);
    expect(opinionsAgree(opinion('a', { XSD: 1 }), opinion('b', { BankX: 0.4 }))).toBe(false);
    expect(opinionsAgree(opinion('a', { XSD: 1, silver: 0.97 }), opinion('b', { XSD: 1 }))).toBe(true);
  });

  describe('given a surprising first answer', () => {
    it('when two others agree with each other and not with it, chooses theirs and outvotes it', () => {
      const verdict = settleByAgreement([
        opinion('a', { XSD: 9.9, BankX: 4.4 }),
        opinion('b', { XSD: 0.99, BankX: 0.44 }),
        opinion('c', { XSD: 0.991, BankX: 0.44 }),
      ]);
      expect(verdict).toEqual({ chosen: opinion('b', { XSD: 0.99, BankX: 0.44 }), outvoted: ['a'] });
    });

    it('when another confirms it, keeps it (a real move) and outvotes only the one that disagrees', () => {
      const verdict = settleByAgreement([opinion('a', { XSD: 2 }), opinion('b', { XSD: 2.001 }), opinion('c', { XSD: 20 })]);
      expect(verdict).toEqual({ chosen: opinion('a', { XSD: 2 }), outvoted: ['c'] });
    });

    it('when nobody agrees, or nobody else answered, chooses nothing and blames nobody', () => {
      expect(settleByAgreement([opinion('a', { XSD: 9.9 }), opinion('b', { XSD: 0.99 }), opinion('c', { XSD: 5 })])).toEqual({
        chosen: null,
        outvoted: [],
      });
      expect(settleByAgreement([opinion('a', { XSD: 9.9 })])).toEqual({ chosen: null, outvoted: [] });
    });
  });
});
