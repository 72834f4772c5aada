import { lazy, Suspense } from 'react';
import type { PortfolioChartProps } from './portfolio-charts';

const PortfolioChart = lazy(() => import('./portfolio-charts'));

/** A portfolio chart, its code loaded on the first pane that draws one. */
export function LazyPortfolioChart(props: PortfolioChartProps) {
  return (
    <Suspense fallback={<p className="muted">Loading chart…</p>}>
      <PortfolioChart {...props} />
    </Suspense>
  );
}
