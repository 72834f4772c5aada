/**
 * The silver line chart (ag-charts), its own lazily loaded chunk: price per gram, the trend line
 * (7 days or more) and the moving average (30 days or more, when one exists).
 */
import type { ChartPoint } from '@xsd/contracts/rules/chart-points';
import { formatSilverPrice } from '@xsd/contracts/rules/format';
import { SILVER_CHART_HEIGHT_PX } from '@xsd/contracts/rules/silver-analysis';
import {
  LegendModule,
  LineSeriesModule,
  ModuleRegistry,
  NumberAxisModule,
  TimeAxisModule,
  type AgCartesianChartOptions,
  type AgLineSeriesOptions,
} from 'ag-charts-community';
import { AgCharts } from 'ag-charts-react';
import { useMemo } from 'react';
import { silverChartTicks, silverTickLabel } from '../lib/chart-ticks';
import { cspStyleNonce } from '../../../lib/csp-nonce';

ModuleRegistry.registerModules([LineSeriesModule, TimeAxisModule, NumberAxisModule, LegendModule]);

const COLOURS = { price: '#5fd7ff', trend: '#ffaf5f', average: '#b49cff', text: '#c9d1db', line: '#2b3542', bg: '#10141b' };
const FONT = ['JetBrains Mono', 'ui-monospace', 'monospace'];

export interface SilverChartProps {
  readonly points: readonly ChartPoint[];
  readonly trend: readonly ChartPoint[];
  readonly average: readonly ChartPoint[];
  readonly days: number;
}

interface Row {
  readonly time: Date;
  readonly price: number;
}

const rows = (points: readonly ChartPoint[]): Row[] => points.map((p) => ({ time: new Date(p.timestamp), price: p.price }));

function line(data: Row[], yName: string, stroke: string, extra: Partial<AgLineSeriesOptions> = {}): AgLineSeriesOptions {
  return {
    type: 'line',
    data,
    xKey: 'time',
    yKey: 'price',
    yName,
    stroke,
    strokeWidth: 2,
    marker: { enabled: false },
    tooltip: {
      renderer: ({ datum }: { datum: Row }) => ({
        heading: datum.time.toLocaleString(),
        data: [{ label: yName, value: formatSilverPrice(datum.price) }],
      }),
    },
    ...extra,
  } as AgLineSeriesOptions;
}

export default function SilverChart({ points, trend, average, days }: SilverChartProps) {
  const options = useMemo<AgCartesianChartOptions>(() => {
    const first = points[0] ? Date.parse(points[0].timestamp) : Number.NaN;
    const last = points.length ? Date.parse(points[points.length - 1]!.timestamp) : Number.NaN;
    const ticks = silverChartTicks(first, last, days);
    const series: AgLineSeriesOptions[] = [
      line(rows(points), 'USD per gram', COLOURS.price, { marker: { enabled: points.length < 15, size: 5, fill: COLOURS.price } }),
    ];
    if (trend.length > 0) series.push(line(rows(trend), 'Trend', COLOURS.trend, { lineDash: [6, 4], strokeWidth: 1.5 }));
    if (average.length > 0) series.push(line(rows(average), 'Moving average', COLOURS.average, { strokeWidth: 1.5 }));
    return {
      height: SILVER_CHART_HEIGHT_PX,
      // The page's Content-Security-Policy allows the chart's <style> elements only with this nonce.
      styleNonce: cspStyleNonce(),
      theme: {
        baseTheme: 'ag-default-dark',
        params: {
          fontFamily: FONT,
          fontSize: 12,
          foregroundColor: COLOURS.text,
          backgroundColor: COLOURS.bg,
          borderColor: COLOURS.line,
        },
      },
      series,
      axes: {
        x: {
          type: 'time',
          position: 'bottom',
          nice: false,
          interval: { values: [...ticks.values] },
          label: { formatter: ({ value }) => (ticks.labelled.has(Number(value)) ? silverTickLabel(Number(value), days) : '') },
          gridLine: { style: [{ stroke: COLOURS.line, lineDash: [2, 4] }] },
        },
        y: {
          type: 'number',
          position: 'left',
          label: { formatter: ({ value }) => formatSilverPrice(Number(value)) },
          gridLine: { style: [{ stroke: COLOURS.line, lineDash: [2, 4] }] },
        },
      },
      legend: { enabled: series.length > 1, position: 'bottom' },
    };
  }, [points, trend, average, days]);

  return (
    <figure className="silver-chart" data-testid="silver-chart">
      <figcaption className="sr-only">Silver price per gram in USD, {points.length} points</figcaption>
      <AgCharts options={options} />
    </figure>
  );
}
