import { describe, expect, it } from 'vitest';
import {
  confidenceTone,
  PREDICTION_INSUFFICIENT_DATA_MESSAGE,
  predictionConfidence,
  predictionDayLabel,
  predictionTrend,
  predictionVolatilityLabel,
  predictPrices,
  returnsVolatility,
} from './prediction.js';
import { seededRandom } from './random.js';

const now = '2026-05-31T12:00:00Z';
const flat = Array.from({ length: 30 }, () => 1);
const rising = Array.from({ length: 30 }, (_, i) => 1 + i * 0.01);

describe('predictPrices', () => {
  it('needs at least 5 usable prices', () => {
    expect(() => predictPrices({ token: 'XSD', chain: 'Base', prices: [1, 1, 1, 1], now })).toThrow(
      PREDICTION_INSUFFICIENT_DATA_MESSAGE,
    );
    expect(() => predictPrices({ token: 'XSD', chain: 'Base', prices: [1, 1, 1, 1, 0, Number.NaN], now })).toThrow(
      PREDICTION_INSUFFICIENT_DATA_MESSAGE,
    );
  });

  it('predicts 7 labelled days with day 3 and day 7 as targets', () => {
    const result = predictPrices({ token: 'BankX', chain: 'BSC', prices: rising, now }, { random: seededRandom(1) });
    expect(result.labels).toEqual(['Jun 1', 'Jun 2', 'Jun 3', 'Jun 4', 'Jun 5', 'Jun 6', 'Jun 7']);
    expect(result.prices).toHaveLength(7);
    expect(result.shortTermTarget).toBe(result.prices[2]);
    expect(result.longTermTarget).toBe(result.prices[6]);
    expect(result.trend).toBe('up');
    expect(result.longTermTarget).toBeGreaterThan(rising.at(-1)!);
  });

  it('is repeatable with a seeded random source', () => {
    const input = { token: 'XSD' as const, chain: 'Base' as const, prices: [1, 1.02, 0.98, 1.01, 1.03, 0.99, 1], now };
    const a = predictPrices(input, { random: seededRandom(42) });
    const b = predictPrices(input, { random: seededRandom(42) });
    const c = predictPrices(input, { random: seededRandom(43) });
    expect(a).toEqual(b);
    expect(a.prices).not.toEqual(c.prices);
  });

  it('stays flat on a flat history, with support and resistance 2 % either side', () => {
    const result = predictPrices({ token: 'XSD', chain: 'Base', prices: flat, now }, { random: () => 0.9 });
    expect(result.trend).toBe('neutral');
    expect(result.volatility).toBe(0);
    expect(result.prices).toEqual(Array.from({ length: 7 }, () => 1));
    expect(result.support).toBeCloseTo(0.98, 10);
    expect(result.resistance).toBeCloseTo(1.02, 10);
    // 85 - 0 + 3 (30 prices) + 0
    expect(result.confidence).toBe(88);
  });

  it('takes support and resistance from the last 20 prices', () => {
    const prices = [0.5, 3, ...Array.from({ length: 20 }, (_, i) => 1 + (i % 2) * 0.1)];
    const result = predictPrices({ token: 'XSD', chain: 'Base', prices, now }, { random: () => 0.5 });
    expect(result.support).toBeCloseTo(0.98, 10);
    expect(result.resistance).toBeCloseTo(1.1 * 1.02, 10);
  });
});

describe('prediction rules', () => {
  it('has a 0.5 % neutral band', () => {
    expect([0.51, 0.5, -0.5, -0.51].map((s) => predictionTrend(s))).toEqual(['up', 'neutral', 'neutral', 'down']);
  });
  it('clamps confidence to 30..95', () => {
    expect(predictionConfidence(0, 500, 10)).toBe(95);
    expect(predictionConfidence(60, 5, 0)).toBe(30);
    // 85 - 1.5 * 10 + 1 + min(5, (1.5 - 0.5) * 2)
    expect(predictionConfidence(10, 10, 1.5)).toBe(73);
    expect(predictionConfidence(10, 10, -1.5)).toBe(73);
  });
  it('colours confidence 70+ green, 50+ amber, else red', () => {
    expect([70, 69, 50, 49].map(confidenceTone)).toEqual(['green', 'amber', 'amber', 'red']);
  });
  it('labels volatility under 2 Low, under 5 Medium, else High', () => {
    expect([1.9, 2, 4.9, 5].map(predictionVolatilityLabel)).toEqual(['Low', 'Medium', 'Medium', 'High']);
  });
  it('measures volatility on step returns', () => {
    expect(returnsVolatility([1, 1.1, 1])).toBeGreaterThan(9);
    expect(returnsVolatility([1])).toBe(0);
  });
  it('labels days in UTC', () => {
    expect(predictionDayLabel('2026-12-31T23:00:00Z', 1)).toBe('Jan 1');
  });
});
