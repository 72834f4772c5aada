/** A bar chart of the Analytics tab (ag-charts, its own lazily loaded chunk), in the terminal palette. */
import {
  BarSeriesModule,
  CategoryAxisModule,
  ModuleRegistry,
  NumberAxisModule,
  type AgCartesianChartOptions,
} from 'ag-charts-community';
import { AgCharts } from 'ag-charts-react';
import { useMemo } from 'react';
import { cspStyleNonce } from '../../../../lib/csp-nonce';

ModuleRegistry.registerModules([BarSeriesModule, CategoryAxisModule, NumberAxisModule]);

const COLOURS = { bar: '#5fd7ff', text: '#c9d1db', line: '#2b3542', bg: '#10141b' };
const FONT = ['JetBrains Mono', 'ui-monospace', 'monospace'];

export interface AnalyticsChartProps {
  readonly rows: readonly { readonly label: string; readonly value: number }[];
  /** What a bar counts ('Visits'), for the tooltip and screen readers. */
  readonly name: string;
}

export default function AnalyticsChart({ rows, name }: AnalyticsChartProps) {
  const options = useMemo<AgCartesianChartOptions>(
    () => ({
      height: 240,
      // The page's Content-Security-Policy allows the chart's <style> elements only with this nonce.
      styleNonce: cspStyleNonce(),
      theme: {
        baseTheme: 'ag-default-dark',
        params: { fontFamily: FONT, fontSize: 12, foregroundColor: COLOURS.text, backgroundColor: COLOURS.bg, borderColor: COLOURS.line },
      },
      data: rows.map((row) => ({ ...row })),
      series: [{ type: 'bar', xKey: 'label', yKey: 'value', yName: name, fill: COLOURS.bar }],
      axes: {
        x: { type: 'category', position: 'bottom' },
        y: { type: 'number', position: 'left', gridLine: { style: [{ stroke: COLOURS.line, lineDash: [2, 4] }] } },
      },
      legend: { enabled: false },
    }),
    [rows, name],
  );
  return (
    <figure className="analytics-chart" data-testid="analytics-chart">
      <figcaption className="sr-only">
        {name}: {rows.map((row) => `${row.label} ${row.value}`).join(', ')}
      </figcaption>
      <AgCharts options={options} />
    </figure>
  );
}
