import { DEVNET_CHAINS, GRAMS_PER_TROY_OUNCE } from '@xsd/contracts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@xsd/contracts/rules/random';
import { MarketSimulator, type MarketSnapshot } from './market-simulator.js';

const path = (seed: number, steps: number): MarketSnapshot[] => {
  const simulator = new MarketSimulator({ seed });
  return [simulator.snapshot(), ...Array.from({ length: steps }, () => simulator.step())];
};

const isOnChainExact = (value: number, decimals: number) =>
  Number.isInteger(Math.round(value * 10 ** decimals)) &&
  Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6;

describe('seededRandom (mulberry32)', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const draws = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(draws);
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(seededRandom(43)()).not.toBe(draws[0]);
  });
});

describe('the market simulator', () => {
  it('follows the same path for the same seed', () => {
    expect(path(7, 200)).toEqual(path(7, 200));
  });

  it('follows another path for another seed', () => {
    expect(path(8, 5)[5]).not.toEqual(path(7, 5)[5]);
  });

  it('starts silver near 31.10 USD an ounce, about 1.00 USD a gram, and BankX near 0.42', () => {
    const start = new MarketSimulator({ seed: 1 }).snapshot();
    expect(start.step).toBe(0);
    expect(start.silverOuncePrice).toBe(31.1);
    expect(start.silverGramPrice).toBeCloseTo(31.1 / GRAMS_PER_TROY_OUNCE, 12);
    for (const chain of DEVNET_CHAINS) {
      expect(start.prices[chain].XSD).toBeGreaterThan(0.95);
      expect(start.prices[chain].XSD).toBeLessThan(1.05);
      expect(start.prices[chain].BankX).toBeGreaterThan(0.42 * 0.9);
      expect(start.prices[chain].BankX).toBeLessThan(0.42 * 1.1);
    }
  });

  it('keeps XSD within 5 % of the silver gram price on every chain, step after step', () => {
    for (const snapshot of path(3, 500)) {
      for (const chain of DEVNET_CHAINS) {
        const deviation = snapshot.prices[chain].XSD / snapshot.silverGramPrice - 1;
        expect(Math.abs(deviation)).toBeLessThanOrEqual(0.05 + 1e-6);
      }
    }
  });

  it('moves silver, XSD and BankX, with per-chain differences', () => {
    const snapshots = path(5, 50);
    const last = snapshots[50];
    expect(last.step).toBe(50);
    expect(last.silverOuncePrice).not.toBe(snapshots[0].silverOuncePrice);
    expect(new Set(DEVNET_CHAINS.map((c) => last.prices[c].XSD)).size).toBeGreaterThan(1);
    expect(new Set(snapshots.map((s) => s.prices.BSC.BankX)).size).toBeGreaterThan(10);
  });

  it('only produces prices the chain can hold: 6 decimals for tokens, 8 for silver, all positive', () => {
    for (const snapshot of path(11, 300)) {
      expect(snapshot.silverOuncePrice).toBeGreaterThan(0);
      expect(isOnChainExact(snapshot.silverOuncePrice, 8)).toBe(true);
      for (const chain of DEVNET_CHAINS) {
        for (const price of Object.values(snapshot.prices[chain])) {
          expect(price).toBeGreaterThan(0);
          expect(isOnChainExact(price, 6)).toBe(true);
        }
      }
    }
  });

  describe('when a test sets a price', () => {
    it('shows the set token price, rounded to 6 decimals, and touches nothing else', () => {
      const simulator = new MarketSimulator({ seed: 1 });
      const before = simulator.snapshot();
      const after = simulator.setTokenPrice('Base', 'BankX', 1.23456789);
      expect(after.prices.Base.BankX).toBe(1.234568);
      expect(after.prices.Base.XSD).toBe(before.prices.Base.XSD);
      expect(after.prices.Avalanche).toEqual(before.prices.Avalanche);
      expect(after.step).toBe(before.step);
    });

    it("accepts 0, so the product's non-positive filter can be tested, and then walks on", () => {
      const simulator = new MarketSimulator({ seed: 1 });
      expect(simulator.setTokenPrice('BSC', 'XSD', 0).prices.BSC.XSD).toBe(0);
      const next = simulator.step();
      expect(next.prices.BSC.XSD).toBeGreaterThan(0);
      expect(() => simulator.setTokenPrice('BSC', 'XSD', -1)).toThrow();
    });

    it('sets the silver ounce price and its gram price; XSD follows on the next step', () => {
      const simulator = new MarketSimulator({ seed: 1 });
      const set = simulator.setSilverOuncePrice(46.6552152);
      expect(set.silverOuncePrice).toBe(46.6552152);
      expect(set.silverGramPrice).toBeCloseTo(1.5, 12);
      const next = simulator.step();
      for (const chain of DEVNET_CHAINS) expect(next.prices[chain].XSD).toBeGreaterThan(1.4);
    });

    it('stays reproducible: the same settings on the same seed give the same path', () => {
      const run = () => {
        const simulator = new MarketSimulator({ seed: 99 });
        simulator.step();
        simulator.setTokenPrice('Polygon', 'XSD', 1.2);
        simulator.setSilverOuncePrice(30);
        return Array.from({ length: 20 }, () => simulator.step());
      };
      expect(run()).toEqual(run());
    });
  });
});
