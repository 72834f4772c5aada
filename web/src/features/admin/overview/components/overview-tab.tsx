import { OVERVIEW_ERROR_HEADING, OVERVIEW_LOAD_FAILED_MESSAGE, type AdminOverviewResponse } from '@xsd/contracts/api/admin-overview';
import { newMessagesLabel } from '@xsd/contracts/api/contact';
import { ROLE_LABELS, STAFF_ROLES } from '@xsd/contracts/staff/roles';
import type { ReactNode } from 'react';
import { Panel } from '../../../../components/ui/panel';
import type { StaffUser } from '../../../../lib/staff-session';
import { useAdminOverview } from '../api/get-overview';
import { VisitsPanel } from '../../analytics/components/analytics-tab';

function StatCard({ title, value, children, testId }: { readonly title: string; readonly value: number; readonly children: ReactNode; readonly testId: string }) {
  return (
    <Panel title={title} level={3} className="stat-card" testId={testId}>
      <p className="stat-card__value">{value}</p>
      <p className="stat-card__detail muted">{children}</p>
    </Panel>
  );
}

/** Statistic cards; each card shows only for the roles its section is answered to. */
export function OverviewTab({ user }: { readonly user: StaffUser }) {
  const overview = useAdminOverview();
  if (overview.isPending) {
    return (
      <p className="page-loading" role="status">
        Loading dashboard stats
        <span className="cursor" aria-hidden="true">
          _
        </span>
      </p>
    );
  }
  if (overview.isError) {
    return (
      <Panel title={OVERVIEW_ERROR_HEADING} tone="error" testId="overview-error">
        <p role="alert">{OVERVIEW_LOAD_FAILED_MESSAGE}</p>
        <button type="button" className="btn btn--primary" onClick={() => void overview.refetch()} disabled={overview.isFetching}>
          Retry
        </button>
      </Panel>
    );
  }
  return <OverviewCards data={overview.data} user={user} />;
}

function OverviewCards({ data, user }: { readonly data: AdminOverviewResponse; readonly user: StaffUser }) {
  return (
    <>
      <p className="muted">
        Signed in as {ROLE_LABELS[user.role]}. Figures as of {new Date(data.generated_at).toLocaleTimeString()}.
      </p>
      {data.contact_submissions && data.contact_submissions.new > 0 ? (
        <p className="banner" role="status" data-testid="overview-contact-alert">
          You have {newMessagesLabel(data.contact_submissions.new)}. <a href="#contact_submissions">Read them</a>
        </p>
      ) : null}
      <div className="stat-grid" data-testid="overview-cards">
        {data.news ? (
          <StatCard title="Breaking news" value={data.news.total} testId="stat-news">
            {data.news.active} active · {data.news.high_priority} high priority
          </StatCard>
        ) : null}
        {data.calendar_events ? (
          <StatCard title="Calendar events" value={data.calendar_events.total} testId="stat-events">
            {data.calendar_events.active} active · {data.calendar_events.upcoming} upcoming
          </StatCard>
        ) : null}
        {data.chains ? (
          <StatCard title="Chains" value={data.chains.total} testId="stat-chains">
            {data.chains.active} active · {data.chains.maintenance} in maintenance
          </StatCard>
        ) : null}
        {data.staff ? (
          <StatCard title="Staff" value={data.staff.total} testId="stat-staff">
            {STAFF_ROLES.map((role) => `${data.staff!.by_role[role]} ${ROLE_LABELS[role]}`).join(' · ')}
          </StatCard>
        ) : null}
        {data.api_keys ? (
          <StatCard title="API keys" value={data.api_keys.total} testId="stat-keys">
            {data.api_keys.active} active · {data.api_keys.expired} expired
          </StatCard>
        ) : null}
        {data.contact_submissions ? (
          <StatCard title="Contact messages" value={data.contact_submissions.total} testId="stat-contact">
            {data.contact_submissions.new} new
          </StatCard>
        ) : null}
        {data.analytics ? (
          <StatCard title="Visits (365 days)" value={data.analytics.total_visits} testId="stat-visits">
            {data.analytics.unique_visitors} unique visitors · {data.analytics.bounce_rate.toFixed(1)}% bounce rate ·{' '}
            {data.analytics.average_session_duration}s average session
          </StatCard>
        ) : null}
      </div>
      {data.analytics ? <VisitsPanel data={data.analytics} /> : null}
      {data.analytics && data.analytics.top_pages.length > 0 ? (
        <Panel title="Top pages (365 days)" testId="overview-top-pages">
          <ol className="admin-list">
            {data.analytics.top_pages.map((page) => (
              <li key={page.page} className="admin-list__row">
                <span className="mono">{page.page}</span> <span className="muted">{page.visits} visits</span>
              </li>
            ))}
          </ol>
        </Panel>
      ) : null}
    </>
  );
}
