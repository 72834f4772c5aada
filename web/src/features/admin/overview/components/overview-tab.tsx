import { OVERVIEW_ERROR_HEADING, OVERVIEW_LOAD_FAILED_MESSAGE, type AdminOverviewResponse } from '@xsd/contracts/api/admin-overview';
import { newMessagesLabel } from '@xsd/contracts/api/contact';
import { ROLE_LABELS, STAFF_ROLES } from '@xsd/contracts/staff/roles';
import { Panel } from '../../../../components/ui/panel';
import type { StaffUser } from '../../../../lib/staff-session';
import { useAdminOverview } from '../api/get-overview';
import { VisitsPanel } from '../../analytics/components/analytics-tab';
import { tabHref } from '../../lib/admin-tabs';

interface StatCard {
  readonly title: string;
  readonly testId: string;
  readonly value: number;
  readonly detail: string;
}

/** One card per section of the overview the staff member's role is answered. */
function statCards({ news, calendar_events: events, chains, staff, api_keys: keys, contact_submissions: contact, analytics }: AdminOverviewResponse): StatCard[] {
  const cards: (StatCard | null)[] = [
    news ? { title: 'Breaking news', testId: 'stat-news', value: news.total, detail: `${news.active} active · ${news.high_priority} high priority` } : null,
    events ? { title: 'Calendar events', testId: 'stat-events', value: events.total, detail: `${events.active} active · ${events.upcoming} upcoming` } : null,
    chains ? { title: 'Chains', testId: 'stat-chains', value: chains.total, detail: `${chains.active} active · ${chains.maintenance} in maintenance` } : null,
    staff ? { title: 'Staff', testId: 'stat-staff', value: staff.total, detail: STAFF_ROLES.map((role) => `${staff.by_role[role]} ${ROLE_LABELS[role]}`).join(' · ') } : null,
    keys ? { title: 'API keys', testId: 'stat-keys', value: keys.total, detail: `${keys.active} active · ${keys.expired} expired` } : null,
    contact ? { title: 'Contact messages', testId: 'stat-contact', value: contact.total, detail: `${contact.new} new` } : null,
    analytics
      ? {
          title: 'Visits (365 days)',
          testId: 'stat-visits',
          value: analytics.total_visits,
          detail: `${analytics.unique_visitors} unique visitors · ${analytics.bounce_rate.toFixed(1)}% bounce rate · ${analytics.average_session_duration}s average session`,
        }
      : null,
  ];
  return cards.filter((card) => card !== null);
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
          You have {newMessagesLabel(data.contact_submissions.new)}. <a href={tabHref('contact_submissions')}>Read them</a>
        </p>
      ) : null}
      <div className="stat-grid" data-testid="overview-cards">
        {statCards(data).map((card) => (
          <Panel key={card.testId} title={card.title} level={3} className="stat-card" testId={card.testId}>
            <p className="stat-card__value">{card.value}</p>
            <p className="stat-card__detail muted">{card.detail}</p>
          </Panel>
        ))}
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
