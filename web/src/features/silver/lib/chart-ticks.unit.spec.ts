import { describe, expect, it } from 'vitest';
import { silverChartTicks } from './chart-ticks';

const DAY = 86_400_000;

describe('silverChartTicks', () => {
  it('spreads 12 ticks over a day, 8 over a week and 10 beyond', () => {
    expect(silverChartTicks(0, DAY, 1).values).toHaveLength(12);
    expect(silverChartTicks(0, 7 * DAY, 7).values).toHaveLength(8);
    const month = silverChartTicks(0, 30 * DAY, 30);
    expect(month.values).toHaveLength(10);
    expect(month.values[0]).toBe(0);
    expect(month.values.at(-1)).toBe(30 * DAY);
    expect(month.labelled.size).toBe(10);
  });
  it('labels every third tick beyond 30 days', () => {
    const ticks = silverChartTicks(0, 90 * DAY, 90);
    expect([...ticks.labelled]).toEqual([ticks.values[0], ticks.values[3], ticks.values[6], ticks.values[9]]);
  });
  it('has one tick for a single point and none without points', () => {
    expect(silverChartTicks(5, 5, 1).values).toEqual([5]);
    expect(silverChartTicks(Number.NaN, 5, 1).values).toEqual([]);
  });
});
