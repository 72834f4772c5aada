import { hasPermission } from '@xsd/contracts/staff/roles';
import { ErrorBoundary } from '../../../components/errors/error-boundary';
import type { StaffUser } from '../../../lib/staff-session';
import { useContactNewCount } from '../contact/api/get-contact-new-count';
import { tabFromHash, tabHref, tabsFor, type AdminTabId } from '../lib/admin-tabs';
import { useHash } from '../lib/use-hash';
import { ActivityTab } from '../activity/components/activity-tab';
import { AnalyticsTab } from '../analytics/components/analytics-tab';
import { ApiKeysTab } from '../api-keys/components/api-keys-tab';
import { CalendarTab } from '../calendar/components/calendar-tab';
import { ChainsTab } from '../chains/components/chains-tab';
import { ContactTab } from '../contact/components/contact-tab';
import { MaintenanceTab } from '../maintenance/components/maintenance-tab';
import { NewsTab } from '../news/components/news-tab';
import { OverviewTab } from '../overview/components/overview-tab';
import { PasswordsTab } from '../passwords/components/passwords-tab';
import { UsersTab } from '../users/components/users-tab';
import { ChannelsTab } from '../channels/components/channels-tab';
import { AdminHeader } from './admin-header';

function TabBody({ tab, user }: { readonly tab: AdminTabId; readonly user: StaffUser }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab user={user} />;
    case 'breaking_news':
      return <NewsTab />;
    case 'calendar':
      return <CalendarTab user={user} />;
    case 'chain_settings':
      return <ChainsTab />;
    case 'maintenance':
      return <MaintenanceTab />;
    case 'api_keys':
      return <ApiKeysTab />;
    case 'passwords':
      return <PasswordsTab />;
    case 'users':
      return <UsersTab user={user} />;
    case 'activity':
      return <ActivityTab />;
    case 'contact_submissions':
      return <ContactTab />;
    case 'analytics':
      return <AnalyticsTab />;
    case 'channels':
      return <ChannelsTab />;
    default: {
      const unreachable: never = tab;
      return unreachable;
    }
  }
}

/** Header plus the tabs this role may use; the fragment picks the tab, else Overview. */
export function AdminPanel({ user }: { readonly user: StaffUser }) {
  const hash = useHash();
  const tabs = tabsFor(user.role);
  const active = tabFromHash(hash, user.role);
  const activeLabel = tabs.find((tab) => tab.id === active)?.label ?? 'Overview';
  const newMessages = useContactNewCount(hasPermission(user.role, 'contact_submissions')).data?.count ?? 0;

  return (
    <div className="admin" data-testid="admin-panel">
      <AdminHeader user={user} />
      <nav className="admin-tabs" aria-label="Admin sections">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.id}>
              <a
                href={tabHref(tab.id)}
                className="admin-tabs__link"
                aria-current={tab.id === active ? 'page' : undefined}
                data-testid={`admin-tab-${tab.id}`}
              >
                {tab.label}
                {tab.id === 'users' && user.role === 'super_admin' ? <span className="tag admin-tabs__badge">Super Admin</span> : null}
                {tab.id === 'contact_submissions' && newMessages ? <span className="tag tag--new admin-tabs__badge">{newMessages} new</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="admin__main" id="admin-main" tabIndex={-1} aria-label={activeLabel} data-testid={`admin-section-${active}`}>
        <h2 className="sr-only">{activeLabel}</h2>
        <ErrorBoundary region={activeLabel} resetKey={active}>
          <TabBody tab={active} user={user} />
        </ErrorBoundary>
      </main>
    </div>
  );
}
