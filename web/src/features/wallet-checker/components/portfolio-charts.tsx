/**
 * The scanner's charts (ag-charts), a lazily loaded chunk: the token allocation donut and the
 * networks bar chart.
 */
import { BarSeriesModule, CategoryAxisModule, DonutSeriesModule, LegendModule, ModuleRegistry, NumberAxisModule, type AgChartOptions } from 'ag-charts-community';
import { AgCharts } from 'ag-charts-react';
import { useMemo } from 'react';
import { cspStyleNonce } from '../../../lib/csp-nonce';

ModuleRegistry.registerModules([DonutSeriesModule, BarSeriesModule, CategoryAxisModule, NumberAxisModule, LegendModule]);

const THEME = {
  baseTheme: 'ag-default-dark' as const,
  params: {
    fontFamily: ['JetBrains Mono', 'ui-monospace', 'monospace'],
    fontSize: 12,
    foregroundColor: '#c9d1db',
    backgroundColor: '#10141b',
    borderColor: '#2b3542',
  },
};

export interface Slice {
  readonly label: string;
  /** Percent of the portfolio. */
  readonly share: number;
  readonly colour: string;
}

export interface PortfolioChartProps {
  readonly kind: 'donut' | 'bars';
  readonly slices: readonly Slice[];
  readonly caption: string;
}

export default function PortfolioChart({ kind, slices, caption }: PortfolioChartProps) {
  const options = useMemo<AgChartOptions>(() => {
    const data = slices.map((s) => ({ label: s.label, share: Number(s.share.toFixed(2)) }));
    const colours = slices.map((s) => s.colour);
    const base = { height: 260, styleNonce: cspStyleNonce(), theme: THEME, data };
    if (kind === 'donut') {
      return {
        ...base,
        series: [{ type: 'donut', angleKey: 'share', legendItemKey: 'label', fills: colours, strokes: colours, innerRadiusRatio: 0.6 }],
        legend: { enabled: true, position: 'bottom' },
      };
    }
    return {
      ...base,
      series: [{ type: 'bar', xKey: 'label', yKey: 'share', yName: 'Share %', itemStyler: ({ datum }: { datum: { label: string } }) => ({ fill: colours[data.findIndex((d) => d.label === datum.label)] }) }],
      axes: { x: { type: 'category', position: 'bottom' }, y: { type: 'number', position: 'left', label: { formatter: ({ value }: { value: number }) => `${value}%` } } },
      legend: { enabled: false },
    } as AgChartOptions;
  }, [kind, slices]);
  return (
    <figure className="wc-chart" data-testid={`chart-${kind}`}>
      <figcaption className="sr-only">{caption}</figcaption>
      <AgCharts options={options} />
    </figure>
  );
}
