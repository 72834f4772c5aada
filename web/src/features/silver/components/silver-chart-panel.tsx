import type { ChartPoint } from '@xsd/contracts/rules/chart-points';
import { CHART_FLASH_MS } from '@xsd/contracts/rules/price-status';
import {
  historyBadge,
  MOVING_AVERAGE_MIN_DAYS,
  movingAverageSeries,
  NO_SILVER_HISTORY_HINT,
  NO_SILVER_HISTORY_MESSAGE,
  SILVER_CHART_HEIGHT_PX,
  SILVER_LOAD_FAILED_MESSAGE,
  SILVER_RANGES,
  silverSummary,
  TREND_LINE_MIN_DAYS,
  trendLineSeries,
  type SilverRangeDays,
  type TrendStats,
} from '@xsd/contracts/rules/silver-analysis';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { ErrorBoundary } from '../../../components/errors/error-boundary';
import { Panel } from '../../../components/ui/panel';
import { RangePicker } from '../../../components/ui/range-picker';
import { useFlash } from '../../../lib/use-flash';
import { useNow } from '../../../lib/use-now';

// The chart code is its own chunk, loaded only when a chart is drawn.
const SilverChart = lazy(() => import('./silver-chart'));

function ChartPlaceholder({ children }: { readonly children: ReactNode }) {
  return (
    <div className="silver-chart silver-chart--placeholder" style={{ minHeight: SILVER_CHART_HEIGHT_PX }}>
      {children}
    </div>
  );
}

export interface SilverChartPanelProps {
  readonly days: SilverRangeDays;
  readonly onDaysChange: (days: SilverRangeDays) => void;
  readonly points: readonly ChartPoint[];
  readonly pending: boolean;
  readonly failed: boolean;
  /** When the history last arrived (0 before it has), for the 'Recently updated' tag. */
  readonly updatedAt: number;
  readonly stats: TrendStats | null;
  readonly current: number | null;
}

/** The range picker, the chart (or why there is none) and the one-line summary. */
export function SilverChartPanel({ days, onDaysChange, points, pending, failed, updatedAt, stats, current }: SilverChartPanelProps) {
  const now = useNow(60_000);
  const range = SILVER_RANGES.find((r) => r.days === days)!;
  const trend = useMemo(() => (days >= TREND_LINE_MIN_DAYS ? trendLineSeries(points) : []), [points, days]);
  const average = useMemo(() => (days >= MOVING_AVERAGE_MIN_DAYS ? movingAverageSeries(points) : []), [points, days]);
  const badge = historyBadge(points, days, now);
  const updated = useFlash(updatedAt || null, CHART_FLASH_MS);

  const loading = (
    <ChartPlaceholder>
      <span role="status">
        Loading chart<span className="cursor">_</span>
      </span>
    </ChartPlaceholder>
  );
  let chart;
  if (pending) {
    chart = loading;
  } else if (failed && points.length === 0) {
    chart = (
      <ChartPlaceholder>
        <p className="err" role="alert">
          {SILVER_LOAD_FAILED_MESSAGE}
        </p>
      </ChartPlaceholder>
    );
  } else if (points.length === 0) {
    chart = (
      <ChartPlaceholder>
        <p data-testid="silver-empty">
          <strong>{NO_SILVER_HISTORY_MESSAGE}</strong>
          <br />
          <span className="muted">{NO_SILVER_HISTORY_HINT}</span>
        </p>
      </ChartPlaceholder>
    );
  } else {
    chart = (
      <ErrorBoundary region="Silver chart">
        <Suspense fallback={loading}>
          <SilverChart points={points} trend={trend} average={average} days={days} />
        </Suspense>
      </ErrorBoundary>
    );
  }

  return (
    <Panel
      title={`Silver / gram · ${range.label}`}
      testId="silver-chart-panel"
      actions={
        <>
          {badge ? <span className="tag tag--warn">{badge}</span> : null}
          {updated ? <span className="tag tag--new">Recently updated</span> : null}
        </>
      }
    >
      <RangePicker options={SILVER_RANGES} value={days} onChange={onDaysChange} label="Chart range" />
      {chart}
      <p className="silver-summary" data-testid="silver-summary">
        {silverSummary(days, stats, current)}
      </p>
    </Panel>
  );
}
