import type { PriceHistoryResponse, SilverHistoryResponse } from '@xsd/contracts/api/prices';
import { buildChartPoints, chartPointsOf, SILVER_MERGE_MS, silverChartRules, tokenChartRules } from '@xsd/contracts/rules/chart-points';
import type { TimedPrice } from '@xsd/contracts/rules/price-change';
import { describe, expect, it } from 'vitest';
import { ChartJson } from './chart-json.js';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 29, 6, 41, 17, 123);

/** A deterministic sequence of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` readings `stepMs` apart up to `NOW`, prices of every kind JSON.stringify writes, instants as the read models give them. */
function history(count: number, stepMs: number, seed: number): TimedPrice[] {
  const next = random(seed);
  const kinds = [
    () => Math.round(next() * 1e6) / 1e6,
    () => next() * 1e-7,
    () => 1e21 * (1 + next()),
    () => Math.floor(next() * 1e9),
    () => 0.1 + 0.2,
    () => next(),
  ];
  const forms = [(ms: number) => ms, (ms: number) => new Date(ms), (ms: number) => new Date(ms).toISOString()];
  return Array.from({ length: count }, (_, i) => {
    const ms = NOW - (count - i) * stepMs - Math.floor(next() * 1000);
    return { price: kinds[i % kinds.length]!(), timestamp: forms[i % forms.length]!(ms) };
  });
}

describe('ChartJson', () => {
  it("writes JSON.stringify's bytes of the chart answers, points last, for any window, price and current point", () => {
    const chart = new ChartJson();
    for (const [days, count, step] of [[1, 2_880, 30_000], [7, 168, HOUR], [90, 2_160, HOUR], [365, 365, 24 * HOUR], [30, 0, HOUR]] as const) {
      for (const current of [null, 0.874512, 2.5e-8]) {
        const rows = history(count, step, days);
        const options = { rules: tokenChartRules(days), now: new Date(NOW), current };
        const head = { token_name: 'XSD', chain_name: 'Ethereum', days, current: current === null ? null : { price: current, timestamp: new Date(NOW - 1_000).toISOString() } } as const;
        const written = chart.write<PriceHistoryResponse>(head, chartPointsOf(rows, options));
        expect(written.bytes.toString(), `${days} days, current ${current}`).toBe(JSON.stringify({ ...head, points: buildChartPoints(rows, options) }));

        const silverOptions = { ...options, rules: silverChartRules(days), preMergeMs: SILVER_MERGE_MS };
        const silverHead = { days, current: current === null ? null : { price_per_gram: current, timestamp: new Date(NOW).toISOString() } };
        const silver = chart.write<SilverHistoryResponse>(silverHead, chartPointsOf(rows, silverOptions));
        expect(silver.bytes.toString(), `silver ${days} days`).toBe(JSON.stringify({ ...silverHead, points: buildChartPoints(rows, silverOptions) }));
      }
    }
  });

  it('gives each answer bytes of its own, which the next answer written does not change', () => {
    const chart = new ChartJson();
    const first = chart.write<SilverHistoryResponse>({ days: 90, current: null }, history(2_160, HOUR, 1));
    const copy = Buffer.from(first.bytes);
    chart.write<SilverHistoryResponse>({ days: 7, current: null }, history(168, HOUR, 2));
    expect(first.bytes.equals(copy)).toBe(true);
  });
});
