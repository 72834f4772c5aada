/** A bar chart of the Analytics tab (Chart.js, its own lazily loaded chunk), in the terminal palette. */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, type ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { BASE_LINE, CanvasChart, DOTTED, NO_LINE } from '../../../../components/charts/canvas-chart';

Chart.register(BarController, BarElement, CategoryScale, LinearScale);

const BAR = '#5fd7ff';

export interface AnalyticsChartProps {
  readonly rows: readonly { readonly label: string; readonly value: number }[];
  /** What a bar counts ('Visits'), for the tooltip and screen readers. */
  readonly name: string;
}

export default function AnalyticsChart({ rows, name }: AnalyticsChartProps) {
  const config = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels: rows.map((row) => row.label),
        datasets: [{ label: name, data: rows.map((row) => row.value), backgroundColor: BAR }],
      },
      options: {
        scales: {
          x: { grid: { display: false }, border: BASE_LINE },
          y: { border: { ...NO_LINE, dash: DOTTED }, beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: { legend: { display: false } },
      },
    }),
    [rows, name],
  );
  return (
    <figure className="analytics-chart" data-testid="analytics-chart">
      <figcaption className="sr-only">
        {name}: {rows.map((row) => `${row.label} ${row.value}`).join(', ')}
      </figcaption>
      <CanvasChart config={config} height={240} />
    </figure>
  );
}
