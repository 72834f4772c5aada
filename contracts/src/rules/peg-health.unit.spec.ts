import { describe, expect, it } from 'vitest';
import { bandTime, deviationSeries, PEG_POINT_LIMIT, pegHealthOfChains, pegHoldLimitMs } from './peg-health.js';
import { HOUR_MS, MINUTE_MS } from './time.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * MINUTE_MS).toISOString();

describe('deviationSeries', () => {
  it('compares each XSD reading with the newest silver reading at or before it', () => {
    const silver = [
      { timestamp: at(0), price: 1 },
      { timestamp: at(10), price: 2 },
    ];
    const xsd = [
      { timestamp: at(-5), price: 1 }, // before any silver: no deviation
      { timestamp: at(5), price: 1.02 },
      { timestamp: at(10), price: 2.1 },
      { timestamp: at(12), price: 0 }, // not above 0
    ];
    const series = deviationSeries(xsd, silver);
    expect(series.map((p) => p.timestamp)).toEqual([at(5), at(10)]);
    expect(series[0].deviation).toBeCloseTo(2, 10);
    expect(series[1].deviation).toBeCloseTo(5, 10);
  });
});

describe('bandTime', () => {
  it('lets a reading hold two steps of what the window is drawn from: 30 s readings, hourly closes, daily closes', () => {
    expect([1, 90, 91, 365].map(pegHoldLimitMs)).toEqual([10 * MINUTE_MS, 2 * HOUR_MS, 48 * HOUR_MS, 48 * HOUR_MS]);
  });

  it('weighs each band by how long its reading held, up to the window end', () => {
    const series = [
      { timestamp: at(0), deviation: 0.5 }, // good for 10 min
      { timestamp: at(10), deviation: -3 }, // warning for 20 min
      { timestamp: at(30), deviation: 7 }, // error for 10 min (until)
    ];
    const { shares, measuredMs } = bandTime(series, { until: T0 + 40 * MINUTE_MS, holdLimitMs: HOUR_MS });
    expect(measuredMs).toBe(40 * MINUTE_MS);
    expect(shares).toEqual({ good: 0.25, warning: 0.5, error: 0.25 });
  });

  it('puts exactly 1 % in warning and exactly 5 % in warning (the spec: under 1 good, up to 5 warning)', () => {
    const series = [
      { timestamp: at(0), deviation: 1 },
      { timestamp: at(10), deviation: 5 },
    ];
    expect(bandTime(series, { until: T0 + 20 * MINUTE_MS, holdLimitMs: HOUR_MS }).shares).toEqual({ good: 0, warning: 1, error: 0 });
  });

  it('does not measure gaps longer than the hold limit, nor readings 50 % or more off', () => {
    const series = [
      { timestamp: at(0), deviation: 0.1 }, // the ingestor stopped: only 10 min count
      { timestamp: at(120), deviation: 80 }, // a data problem: no band
      { timestamp: at(130), deviation: 2 },
    ];
    const { shares, measuredMs } = bandTime(series, { until: T0 + 140 * MINUTE_MS, holdLimitMs: pegHoldLimitMs(1) });
    expect(measuredMs).toBe(20 * MINUTE_MS);
    expect(shares).toEqual({ good: 0.5, warning: 0.5, error: 0 });
  });

  it('answers all zeros when nothing was measured', () => {
    expect(bandTime([], { until: T0, holdLimitMs: HOUR_MS })).toEqual({ shares: { good: 0, warning: 0, error: 0 }, measuredMs: 0 });
  });
});

describe('pegHealthOfChains', () => {
  it('gives the current deviation and tier, the worst flagged one and limited chart points', () => {
    const silver = [{ timestamp: at(0), price: 1 }];
    const xsd = Array.from({ length: 300 }, (_, i) => ({ timestamp: at(i), price: i === 100 ? 1.9 : i === 200 ? 0.96 : 1.003 }));
    const [health] = pegHealthOfChains([xsd], silver, { days: 1, now: T0 + 300 * MINUTE_MS });
    expect(health.current).toBeCloseTo(0.3, 10);
    expect(health.tier).toBe('good');
    expect(health.worst).toBeCloseTo(-4, 10); // the 90 % reading is not a peg signal
    expect(health.points).toHaveLength(PEG_POINT_LIMIT);
    expect(health.shares.good).toBeCloseTo(298 / 299, 10);
    expect(health.shares.warning).toBeCloseTo(1 / 299, 10);
  });

  it('is empty without readings', () => {
    expect(pegHealthOfChains([[]], [], { days: 7, now: T0 })).toEqual([
      {
        current: null,
        tier: null,
        worst: null,
        shares: { good: 0, warning: 0, error: 0 },
        measured_ms: 0,
        points: [],
      },
    ]);
  });

  it('measures each chain against the same silver, as if it were alone, silver given in any order', () => {
    const silver = [3, 0, 2, 1].map((hour) => ({ timestamp: at(hour * 60), price: 1 + hour / 100 }));
    const chains = [0.99, 1.006, 1.2].map((level) => Array.from({ length: 240 }, (_, i) => ({ timestamp: at(i), price: level + i / 10_000 })));
    const options = { days: 1, now: T0 + 240 * MINUTE_MS };
    const together = pegHealthOfChains(chains, silver, options);
    expect(together).toHaveLength(3);
    for (const [i, xsd] of chains.entries()) expect(together[i]).toEqual(pegHealthOfChains([xsd], silver, options)[0]);
    expect(together.map((health) => health.tier)).toEqual(['warning', 'good', 'error']);
  });
});
