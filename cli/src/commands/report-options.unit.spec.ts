import { DEFAULT_ARBITRAGE_SETTINGS } from '@xsd/contracts/rules/arbitrage';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../cli-error.js';
import { arbitrageSettings } from './arbitrage-run.js';
import { parseDays } from './peg-run.js';

describe('xsd arbitrage options', () => {
  it('takes the defaults, or numbers within the settings ranges', () => {
    expect(arbitrageSettings({})).toEqual(DEFAULT_ARBITRAGE_SETTINGS);
    expect(arbitrageSettings({ amount: '2500', minPercent: '0.5', minProfit: '1' })).toMatchObject({
      tradeAmount: 2500,
      minProfitPercentage: 0.5,
      minProfitAmount: 1,
    });
  });

  it('refuses anything else as bad usage (exit 2)', () => {
    expect(() => arbitrageSettings({ amount: '99' })).toThrow(new UsageError("--amount must be a number of at least 100, got '99'"));
    expect(() => arbitrageSettings({ amount: 'lots' })).toThrow(UsageError);
    expect(() => arbitrageSettings({ minPercent: '11' })).toThrow(new UsageError("--min-percent must be a number from 0.1 to 10, got '11'"));
    expect(() => arbitrageSettings({ minProfit: '' })).toThrow(UsageError);
  });
});

describe('xsd peg --days', () => {
  it('takes whole days from 1 to 365, 1 by default, with the API message otherwise', () => {
    expect(parseDays(undefined)).toBe(1);
    expect(parseDays('90')).toBe(90);
    for (const bad of ['0', '366', '1.5', 'week']) expect(() => parseDays(bad)).toThrow(new UsageError('Days must be between 1 and 365'));
  });
});
