import { NO_SILVER_DATA_MESSAGE } from '@xsd/contracts/api/prices';
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
  trendStats,
  type SilverRangeDays,
} from '@xsd/contracts/rules/silver-analysis';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../../../components/errors/error-boundary';
import { PageHeader } from '../../../components/ui/page-header';
import { Panel } from '../../../components/ui/panel';
import { RangePicker } from '../../../components/ui/range-picker';
import { useFlash } from '../../../lib/use-flash';
import { useNow } from '../../../lib/use-now';
import { pegHealthQueryRoot } from '../api/get-peg-health';
import { silverHistoryQueryRoot, useSilverHistory } from '../api/get-silver-history';
import { isNoSilverData, silverLatestQueryKey, useSilverLatest } from '../api/get-silver-latest';
import { SilverAnalysisPanel, SilverDataSummary } from './silver-analysis-panel';
import { PegHealthPanel } from './peg-health-panel';
import { SilverHelp } from './silver-help';
import { SilverStatCards } from './silver-stat-cards';
import { SilverStatusCard } from './silver-status-card';
import './silver.css';

// ag-charts is its own chunk, loaded only when a chart is drawn.
const SilverChart = lazy(() => import('./silver-chart'));

function ChartPlaceholder({ children }: { readonly children: ReactNode }) {
  return (
    <div className="silver-chart silver-chart--placeholder" style={{ minHeight: SILVER_CHART_HEIGHT_PX }}>
      {children}
    </div>
  );
}

/** The silver price tracker: stats, 1D/7D/30D/90D chart, summary, analysis, data summary and status. */
export function SilverTracker() {
  const [days, setDays] = useState<SilverRangeDays>(1);
  const queryClient = useQueryClient();
  const latest = useSilverLatest();
  const history = useSilverHistory(days);
  const now = useNow(60_000);
  const range = SILVER_RANGES.find((r) => r.days === days)!;
  const points = useMemo(() => history.data?.points ?? [], [history.data]);
  const stats = useMemo(() => trendStats(points), [points]);
  const trend = useMemo(() => (days >= TREND_LINE_MIN_DAYS ? trendLineSeries(points) : []), [points, days]);
  const average = useMemo(() => (days >= MOVING_AVERAGE_MIN_DAYS ? movingAverageSeries(points) : []), [points, days]);
  const current = latest.data?.current ?? history.data?.current?.price_per_gram ?? null;
  const badge = historyBadge(points, days, now);
  const updated = useFlash(history.dataUpdatedAt || null, CHART_FLASH_MS);
  const refreshing = latest.isFetching || history.isFetching;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: silverLatestQueryKey });
    void queryClient.invalidateQueries({ queryKey: silverHistoryQueryRoot });
    void queryClient.invalidateQueries({ queryKey: pegHealthQueryRoot });
  };

  let chart;
  if (history.isPending) {
    chart = (
      <ChartPlaceholder>
        <span role="status">
          Loading chart<span className="cursor">_</span>
        </span>
      </ChartPlaceholder>
    );
  } else if (history.isError && points.length === 0) {
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
        <Suspense
          fallback={
            <ChartPlaceholder>
              <span role="status">
                Loading chart<span className="cursor">_</span>
              </span>
            </ChartPlaceholder>
          }
        >
          <SilverChart points={points} trend={trend} average={average} days={days} />
        </Suspense>
      </ErrorBoundary>
    );
  }

  return (
    <div className="page silver-page" data-testid="page-silver-price">
      <PageHeader
        title="Silver Price Tracker"
        subtitle="USD per gram of silver: the reference price XSD is pegged to."
        actions={
          <>
            <SilverHelp />
            <button type="button" className="btn btn--small" onClick={refresh} disabled={refreshing}>
              {refreshing ? 'Refreshing…' : 'Refresh'}
            </button>
          </>
        }
      />
      <p className="silver-banner" role="note">
        <strong>[INFO]</strong> 1 XSD targets the price of one gram of silver. Prices are read from the Chainlink XAG/USD feed on Ethereum
        and update live.
      </p>
      {!latest.data && latest.isError ? (
        isNoSilverData(latest.error) ? (
          <p className="silver-alert silver-alert--info" role="status">
            {NO_SILVER_DATA_MESSAGE}
          </p>
        ) : (
          <p className="silver-alert" role="alert">
            {SILVER_LOAD_FAILED_MESSAGE}
          </p>
        )
      ) : null}
      <ErrorBoundary region="Silver stats">
        <SilverStatCards latest={latest.data} stats={stats} rangeLabel={range.label} />
      </ErrorBoundary>
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
        <RangePicker options={SILVER_RANGES} value={days} onChange={setDays} label="Chart range" />
        {chart}
        <p className="silver-summary" data-testid="silver-summary">
          {silverSummary(days, stats, current)}
        </p>
      </Panel>
      <ErrorBoundary region="Peg health">
        <PegHealthPanel days={days} rangeLabel={range.label} />
      </ErrorBoundary>
      <div className="silver-columns">
        {days > 1 && stats ? (
          <ErrorBoundary region="Analysis">
            <SilverAnalysisPanel stats={stats} current={current} />
          </ErrorBoundary>
        ) : null}
        <ErrorBoundary region="Data summary">
          <SilverDataSummary pointCount={points.length} stats={stats} />
        </ErrorBoundary>
        <ErrorBoundary region="Service status">
          <SilverStatusCard />
        </ErrorBoundary>
      </div>
    </div>
  );
}
