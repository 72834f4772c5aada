import { silverChartLabelEvery, silverChartTickCount } from '@xsd/contracts/rules/silver-analysis';

export interface ChartTicks {
  /** Tick positions, epoch ms, evenly spread from the first to the last point. */
  readonly values: readonly number[];
  /** The ticks that carry a label (every third beyond 30 days). */
  readonly labelled: ReadonlySet<number>;
}

/** The silver chart's x ticks under the spec's limits (12 for 1D, 8 up to 7D, 10 beyond). */
export function silverChartTicks(firstMs: number, lastMs: number, days: number): ChartTicks {
  if (!Number.isFinite(firstMs) || !Number.isFinite(lastMs)) return { values: [], labelled: new Set() };
  const count = silverChartTickCount(days);
  const values =
    lastMs > firstMs
      ? Array.from({ length: count }, (_, i) => Math.round(firstMs + ((lastMs - firstMs) * i) / (count - 1)))
      : [firstMs];
  const every = silverChartLabelEvery(days);
  return { values, labelled: new Set(values.filter((_, i) => i % every === 0)) };
}

/** Axis label of a tick: time of day for 1D, day and time up to 7D, the date beyond. */
export function silverTickLabel(ms: number, days: number): string {
  const date = new Date(ms);
  if (days <= 1) return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });
  if (days <= 7) return date.toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', hour12: false });
  return date.toLocaleDateString([], { month: 'short', day: 'numeric' });
}
