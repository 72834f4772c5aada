import { describe, expect, it } from 'vitest';
import {
  changeTone,
  formatChangePercent,
  formatCompact,
  formatCompactUsd,
  formatSilverChange,
  formatSilverPrice,
  formatUsd,
} from './format.js';
import { isFresh, priceStatusText } from './price-status.js';

describe('formatChangePercent', () => {
  it('shows two decimals with a sign', () => {
    expect(formatChangePercent(1.234)).toBe('+1.23%');
    expect(formatChangePercent(-0.5)).toBe('-0.50%');
    expect(formatChangePercent(0)).toBe('0.00%');
    expect(formatChangePercent(-0.001)).toBe('0.00%');
  });
  it('says N/A without a value', () => {
    expect(formatChangePercent(null)).toBe('N/A');
    expect(formatChangePercent(undefined)).toBe('N/A');
    expect(formatChangePercent(Number.NaN)).toBe('N/A');
  });
});

describe('changeTone', () => {
  it('colours a change by the number as printed: 0.00% is neutral whatever its sign', () => {
    const values = [1.234, 0.005, 0.004, 0, -0.004, -0.005, -2];
    expect(values.map((value) => [formatChangePercent(value), changeTone(value)])).toEqual([
      ['+1.23%', 'positive'],
      ['+0.01%', 'positive'],
      ['0.00%', 'neutral'],
      ['0.00%', 'neutral'],
      ['0.00%', 'neutral'],
      ['-0.01%', 'negative'],
      ['-2.00%', 'negative'],
    ]);
  });
  it("has no tone without a figure ('N/A')", () => {
    expect([null, undefined, Number.NaN, Number.POSITIVE_INFINITY].map(changeTone)).toEqual(['none', 'none', 'none', 'none']);
  });
});

describe('silver prices', () => {
  it('shows four decimals', () => {
    expect(formatSilverPrice(1.02346)).toBe('$1.0235');
    expect(formatSilverPrice(1)).toBe('$1.0000');
    expect(formatSilverChange(0.0123)).toBe('+$0.0123');
    expect(formatSilverChange(-0.004)).toBe('-$0.0040');
    expect(formatSilverChange(0)).toBe('$0.0000');
    expect(formatSilverPrice(null)).toBe('N/A');
  });
});

describe('formatUsd', () => {
  it('shows two decimals from 1 up, with separators', () => {
    expect(formatUsd(1234.567)).toBe('$1,234.57');
    expect(formatUsd(1)).toBe('$1.00');
  });
  it('shows up to 8 decimals below 1', () => {
    expect(formatUsd(0.42)).toBe('$0.42');
    expect(formatUsd(0.123456789)).toBe('$0.12345679');
    expect(formatUsd(0.00000123)).toBe('$0.00000123');
  });
  it('says N/A without a value', () => {
    expect(formatUsd(null)).toBe('N/A');
  });
});

describe('formatCompact', () => {
  it('uses B at 1e9, M at 1e6 and K at 1e3', () => {
    expect(formatCompact(1_234_567_890)).toBe('1.23B');
    expect(formatCompact(1e9)).toBe('1.00B');
    expect(formatCompact(999_999_999)).toBe('1000.00M');
    expect(formatCompact(4_560_000)).toBe('4.56M');
    expect(formatCompact(7_890)).toBe('7.89K');
    expect(formatCompact(512)).toBe('512.00');
    expect(formatCompact(-2_500)).toBe('-2.50K');
    expect(formatCompactUsd(2_500_000)).toBe('$2.50M');
    expect(formatCompactUsd(null)).toBe('N/A');
  });
});

describe('priceStatusText', () => {
  const now = Date.parse('2026-03-02T12:00:00Z');
  it("says 'Current' under 60 s", () => {
    expect(priceStatusText(now - 59_999, now)).toBe('Current');
    expect(priceStatusText(now + 5_000, now)).toBe('Current');
  });
  it('is relative from 60 s on', () => {
    expect(priceStatusText(now - 60_000, now)).toBe('1 minute ago');
    expect(priceStatusText(now - 5 * 60_000 - 10, now)).toBe('5 minutes ago');
    expect(priceStatusText(now - 3_600_000, now)).toBe('1 hour ago');
    expect(priceStatusText(now - 26 * 3_600_000, now)).toBe('1 day ago');
    expect(priceStatusText(new Date(now - 3 * 86_400_000).toISOString(), now)).toBe('3 days ago');
  });
  it('knows when a reading is fresh enough to be live', () => {
    expect(isFresh(now - 4 * 60_000, now)).toBe(true);
    expect(isFresh(now - 6 * 60_000, now)).toBe(false);
    expect(isFresh(null, now)).toBe(false);
  });
});
