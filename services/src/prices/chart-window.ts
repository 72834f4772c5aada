import { type ChartResolution, chartResolution } from '@xsd/contracts/rules/chart-points';
import { DAY_MS } from '@xsd/contracts/rules/time';

/** Where a chart of the last `days` starts, and what its points are drawn from (chartResolution). */
export function chartWindow(now: Date, days: number): { readonly from: Date; readonly resolution: ChartResolution } {
  return { from: new Date(now.getTime() - days * DAY_MS), resolution: chartResolution(days) };
}

/** The rollup (price candles, silver rollups) each resolution beyond a day reads. */
export const ROLLUP = { hour: '1h', day: '1d' } as const;

/**
 * Whether a chart changes with every reading. Beyond a day a reading moves only the newest hourly
 * or daily close and the current price: such answers are read again each minute, not at each reading.
 */
export const followsEveryReading = (days: number) => chartResolution(days) === 'reading';
