import {
  ANALYTICS_LOAD_FAILED_MESSAGE,
  ANALYTICS_WINDOWS,
  type AnalyticsResponse,
  type AnalyticsWindow,
  DEFAULT_ANALYTICS_WINDOW,
  TOP_PAGES_STEP,
} from '@xsd/contracts/api/analytics';
import { type ComponentType, lazy, Suspense, useId, useState } from 'react';
import { ErrorBoundary } from '../../../../components/errors/error-boundary';
import { Options } from '../../../../components/ui/options';
import { Panel } from '../../../../components/ui/panel';
import { useAdminAnalytics } from '../api/get-analytics';

import type { AnalyticsChartProps } from './analytics-chart';

const LazyChart = lazy(() => import('./analytics-chart'));

const count = (n: number) => n.toLocaleString('en-US');

/** Seconds as 45s or 2m 5s. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds}s` : `${minutes}m ${seconds % 60}s`;
}

/**
 * Visitor statistics for a window of 7, 30, 90 or 365 days, read from the server's rollups.
 * `Chart` is the Chart.js bar chart, loaded on demand (component tests pass a plain one: Chart.js
 * needs a canvas the test DOM lacks).
 */
export function AnalyticsTab({ Chart = LazyChart }: { readonly Chart?: ComponentType<AnalyticsChartProps> }) {
  const id = useId();
  const [days, setDays] = useState<AnalyticsWindow>(DEFAULT_ANALYTICS_WINDOW);
  const analytics = useAdminAnalytics(days);

  return (
    <>
      <div className="field-row">
        <label className="field" htmlFor={`${id}-days`}>
          <span className="field__label">Window</span>
          <select
            id={`${id}-days`}
            className="input"
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as AnalyticsWindow)}
          >
            <Options values={ANALYTICS_WINDOWS} label={(window) => `Last ${window} days`} />
          </select>
        </label>
      </div>
      {analytics.isPending ? (
        <p className="page-loading" role="status">
          Loading analytics
          <span className="cursor" aria-hidden="true">
            _
          </span>
        </p>
      ) : analytics.isError ? (
        <Panel title="Error Loading Analytics" tone="error" testId="analytics-error">
          <p role="alert">{ANALYTICS_LOAD_FAILED_MESSAGE}</p>
          <button type="button" className="btn btn--primary" onClick={() => void analytics.refetch()} disabled={analytics.isFetching}>
            Retry
          </button>
        </Panel>
      ) : (
        // A new window starts again at the first ten pages.
        <AnalyticsFigures key={analytics.data.days} data={analytics.data} busy={analytics.isFetching} Chart={Chart} />
      )}
    </>
  );
}

function AnalyticsFigures({
  data,
  busy,
  Chart,
}: {
  readonly data: AnalyticsResponse;
  readonly busy: boolean;
  readonly Chart: ComponentType<AnalyticsChartProps>;
}) {
  const [shownPages, setShownPages] = useState(TOP_PAGES_STEP);

  return (
    <div aria-busy={busy} data-testid="analytics-figures">
      <div className="stat-grid">
        <Figure title="Total visits" value={count(data.total_visits)} testId="analytics-total" />
        <Figure title="Unique visitors" value={count(data.unique_visitors)} testId="analytics-unique" />
        <Figure title="Avg. session" value={formatDuration(data.average_session_duration)} testId="analytics-duration" />
        <Figure title="Bounce rate" value={`${data.bounce_rate.toFixed(1)}%`} testId="analytics-bounce" />
      </div>

      <VisitsPanel data={data} Chart={Chart} />

      <Panel title="Top pages" testId="analytics-top-pages">
        {data.top_pages.length === 0 ? (
          <p className="muted">No visits in this window.</p>
        ) : (
          <>
            <ol className="admin-list">
              {data.top_pages.slice(0, shownPages).map((page) => (
                <li key={page.page} className="admin-list__row">
                  <span className="mono">{page.page}</span> <span className="muted">{count(page.visits)} visits</span>
                </li>
              ))}
            </ol>
            {shownPages < data.top_pages.length ? (
              <button type="button" className="btn btn--small" onClick={() => setShownPages((n) => n + TOP_PAGES_STEP)}>
                Load more
              </button>
            ) : null}
          </>
        )}
      </Panel>

      <Panel title="Device types" testId="analytics-devices">
        <ul className="admin-list">
          {data.device_types.map((device) => (
            <li key={device.type} className="admin-list__row">
              {device.type === 'mobile' ? 'Mobile' : 'Desktop'}: {count(device.count)}
              {data.total_visits > 0 ? <span className="muted"> ({Math.round((device.count / data.total_visits) * 100)}%)</span> : null}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

/** Visits of the last 14 days or the last 12 months, as a bar chart (also on the Overview). */
export function VisitsPanel({
  data,
  Chart = LazyChart,
}: {
  readonly data: AnalyticsResponse;
  readonly Chart?: ComponentType<AnalyticsChartProps>;
}) {
  const [period, setPeriod] = useState<'daily' | 'monthly'>('daily');
  const chartRows =
    period === 'daily'
      ? data.daily_visits.map((d) => ({ label: d.date.slice(5), value: d.visits }))
      : data.monthly_visits.map((m) => ({ label: m.month, value: m.visits }));
  return (
    <Panel title="Visits" testId="analytics-visits">
      <div className="button-row" role="group" aria-label="Visits by">
        <button type="button" className="btn btn--small" aria-pressed={period === 'daily'} onClick={() => setPeriod('daily')}>
          Daily (14 days)
        </button>
        <button type="button" className="btn btn--small" aria-pressed={period === 'monthly'} onClick={() => setPeriod('monthly')}>
          Monthly (12 months)
        </button>
      </div>
      <ErrorBoundary region="Visits chart">
        <Suspense fallback={<p className="muted">Loading chart…</p>}>
          <Chart rows={chartRows} name="Visits" />
        </Suspense>
      </ErrorBoundary>
    </Panel>
  );
}

function Figure({ title, value, testId }: { readonly title: string; readonly value: string; readonly testId: string }) {
  return (
    <Panel title={title} level={3} className="stat-card" testId={testId}>
      <p className="stat-card__value">{value}</p>
    </Panel>
  );
}
