/**
 * The scanner's charts (Chart.js), a lazily loaded chunk: the token allocation donut and the
 * networks bar chart.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  LinearScale,
  type ChartConfiguration,
} from 'chart.js';
import { useMemo } from 'react';
import { BASE_LINE, CanvasChart, NO_LINE } from '../../../components/charts/canvas-chart';

Chart.register(DoughnutController, ArcElement, BarController, BarElement, CategoryScale, LinearScale);

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

const percent = (value: number) => `${value}%`;

export default function PortfolioChart({ kind, slices, caption }: PortfolioChartProps) {
  const config = useMemo<ChartConfiguration<'doughnut' | 'bar'>>(() => {
    const labels = slices.map((s) => s.label);
    const shares = slices.map((s) => Number(s.share.toFixed(2)));
    const colours = slices.map((s) => s.colour);
    if (kind === 'donut') {
      return {
        type: 'doughnut',
        data: { labels, datasets: [{ data: shares, backgroundColor: colours, borderColor: colours, borderWidth: 1 }] },
        options: {
          radius: '85%',
          cutout: '60%',
          plugins: {
            legend: { position: 'bottom' },
            tooltip: { callbacks: { label: (item) => `${item.label}: ${percent(item.parsed)}` } },
          },
        },
      } satisfies ChartConfiguration<'doughnut'>;
    }
    return {
      type: 'bar',
      data: { labels, datasets: [{ label: 'Share %', data: shares, backgroundColor: colours }] },
      options: {
        scales: {
          x: { grid: { display: false }, border: BASE_LINE },
          y: { border: NO_LINE, beginAtZero: true, ticks: { maxTicksLimit: 5, callback: (value) => percent(Number(value)) } },
        },
        plugins: { legend: { display: false } },
      },
    } satisfies ChartConfiguration<'bar'>;
  }, [kind, slices]);
  return (
    <figure className="wc-chart" data-testid={`chart-${kind}`}>
      <figcaption className="sr-only">{caption}</figcaption>
      <CanvasChart config={config} height={260} />
    </figure>
  );
}
