import { NO_SILVER_DATA_MESSAGE } from '@xsd/contracts/api/prices';
import { SILVER_LOAD_FAILED_MESSAGE, SILVER_RANGES, trendStats, type SilverRangeDays } from '@xsd/contracts/rules/silver-analysis';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ErrorBoundary } from '../../../components/errors/error-boundary';
import { Page } from '../../../components/ui/page';
import { pegHealthQueryRoot } from '../api/get-peg-health';
import { silverHistoryQueryRoot, useSilverHistory } from '../api/get-silver-history';
import { isNoSilverData, silverLatestQueryKey, useSilverLatest } from '../api/get-silver-latest';
import { PegHealthPanel } from './peg-health-panel';
import { SilverAnalysisPanel, SilverDataSummary } from './silver-analysis-panel';
import { SilverChartPanel } from './silver-chart-panel';
import { SilverHelp } from './silver-help';
import { SilverStatCards } from './silver-stat-cards';
import { SilverStatusCard } from './silver-status-card';
import './silver.css';

/** The silver price tracker: stats, 1D/7D/30D/90D chart, summary, analysis, data summary and status. */
export function SilverTracker() {
  const [days, setDays] = useState<SilverRangeDays>(1);
  const queryClient = useQueryClient();
  const latest = useSilverLatest();
  const history = useSilverHistory(days);
  const range = SILVER_RANGES.find((r) => r.days === days)!;
  const points = useMemo(() => history.data?.points ?? [], [history.data]);
  const stats = useMemo(() => trendStats(points), [points]);
  const current = latest.data?.current ?? history.data?.current?.price_per_gram ?? null;
  const refreshing = latest.isFetching || history.isFetching;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: silverLatestQueryKey });
    void queryClient.invalidateQueries({ queryKey: silverHistoryQueryRoot });
    void queryClient.invalidateQueries({ queryKey: pegHealthQueryRoot });
  };

  return (
    <Page
      className="silver-page"
      testId="page-silver-price"
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
    >
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
      <SilverChartPanel
        days={days}
        onDaysChange={setDays}
        points={points}
        pending={history.isPending}
        failed={history.isError}
        updatedAt={history.dataUpdatedAt}
        stats={stats}
        current={current}
      />
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
    </Page>
  );
}
