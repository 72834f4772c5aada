/**
 * The silver line chart (Chart.js), its own lazily loaded chunk: price per gram, the trend line
 * (7 days or more) and the moving average (30 days or more, when one exists).
 */
import type { ChartPoint } from '@xsd/contracts/rules/chart-points';
import { formatSilverPrice } from '@xsd/contracts/rules/format';
import { SILVER_CHART_HEIGHT_PX } from '@xsd/contracts/rules/silver-analysis';
import { Chart, LinearScale, LineController, LineElement, PointElement, type ChartConfiguration, type ChartDataset } from 'chart.js';
import { useMemo } from 'react';
import { BASE_LINE, CanvasChart, DOTTED, NO_LINE } from '../../../components/charts/canvas-chart';
import { silverChartTicks, silverTickLabel } from '../lib/chart-ticks';

Chart.register(LineController, LineElement, PointElement, LinearScale);

const COLOURS = { price: '#5fd7ff', trend: '#ffaf5f', average: '#b49cff' };

export interface SilverChartProps {
  readonly points: readonly ChartPoint[];
  readonly trend: readonly ChartPoint[];
  readonly average: readonly ChartPoint[];
  readonly days: number;
}

type Line = ChartDataset<'line', { x: number; y: number }[]>;

function line(points: readonly ChartPoint[], label: string, colour: string, extra: Partial<Line> = {}): Line {
  return {
    label,
    data: points.map((p) => ({ x: Date.parse(p.timestamp), y: p.price })),
    borderColor: colour,
    backgroundColor: colour,
    borderWidth: 2,
    pointRadius: 0,
    pointHoverRadius: 4,
    ...extra,
  };
}

export default function SilverChart({ points, trend, average, days }: SilverChartProps) {
  const config = useMemo<ChartConfiguration<'line', { x: number; y: number }[]>>(() => {
    const first = points[0] ? Date.parse(points[0].timestamp) : Number.NaN;
    const last = points.length ? Date.parse(points[points.length - 1]!.timestamp) : Number.NaN;
    const ticks = silverChartTicks(first, last, days);
    // Markers of 5 px across while there are few points.
    const datasets = [line(points, 'USD per gram', COLOURS.price, { pointRadius: points.length < 15 ? 2.5 : 0 })];
    if (trend.length > 0) datasets.push(line(trend, 'Trend', COLOURS.trend, { borderDash: [6, 4], borderWidth: 1.5 }));
    if (average.length > 0) datasets.push(line(average, 'Moving average', COLOURS.average, { borderWidth: 1.5 }));
    return {
      type: 'line',
      data: { datasets },
      options: {
        // The tooltip follows the pointer along the time axis.
        interaction: { mode: 'nearest', axis: 'x', intersect: false },
        scales: {
          x: {
            type: 'linear',
            border: { ...BASE_LINE, dash: DOTTED },
            // From the first point to the last (a lone point in the middle), ticks where the spec's limits put them.
            ...(last > first ? { min: first, max: last } : {}),
            afterBuildTicks: (axis) => {
              axis.ticks = ticks.values.map((value) => ({ value }));
            },
            ticks: {
              autoSkip: false,
              callback: (value) => (ticks.labelled.has(Number(value)) ? silverTickLabel(Number(value), days) : ''),
            },
          },
          y: { border: { ...NO_LINE, dash: DOTTED }, ticks: { callback: (value) => formatSilverPrice(Number(value)) } },
        },
        plugins: {
          legend: { display: datasets.length > 1, position: 'bottom' },
          tooltip: {
            callbacks: {
              title: ([item]) => (item ? new Date(Number(item.parsed.x)).toLocaleString() : ''),
              label: (item) => `${item.dataset.label}: ${formatSilverPrice(item.parsed.y)}`,
            },
          },
        },
      },
    };
  }, [points, trend, average, days]);

  return (
    <figure className="silver-chart" data-testid="silver-chart">
      <figcaption className="sr-only">Silver price per gram in USD, {points.length} points</figcaption>
      <CanvasChart config={config} height={SILVER_CHART_HEIGHT_PX} />
    </figure>
  );
}
