import { ACTIVITY_PERMISSION } from '@xsd/contracts/api/admin-activity';
import { hasPermission, type StaffPermission } from '@xsd/contracts/staff/roles';

/**
 * The admin panel's tabs in display order, each with the permission it needs (admin-and-data §2:
 * Overview needs none, Maintenance Mode uses chain_settings). The URL fragment names the tab.
 */
export const ADMIN_TABS = [
  { id: 'overview', label: 'Overview', permission: null },
  { id: 'breaking_news', label: 'Breaking News', permission: 'breaking_news' },
  { id: 'calendar', label: 'Calendar', permission: 'calendar' },
  { id: 'analytics', label: 'Analytics', permission: 'analytics' },
  { id: 'chain_settings', label: 'Chain Settings', permission: 'chain_settings' },
  { id: 'contact_submissions', label: 'Contact Submissions', permission: 'contact_submissions' },
  { id: 'maintenance', label: 'Maintenance Mode', permission: 'chain_settings' },
  { id: 'api_keys', label: 'API Keys', permission: 'api_keys' },
  { id: 'passwords', label: 'Passwords', permission: 'passwords' },
  { id: 'users', label: 'Users', permission: 'users' },
  { id: 'activity', label: 'Activity', permission: ACTIVITY_PERMISSION },
  { id: 'channels', label: 'Channels', permission: 'channels' },
] as const satisfies readonly { id: string; label: string; permission: StaffPermission | null }[];

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];
export type AdminTab = (typeof ADMIN_TABS)[number];

export const DEFAULT_TAB: AdminTabId = 'overview';

/** The spec's section names that are also accepted as fragments. */
const ALIASES: Readonly<Record<string, AdminTabId>> = {
  dashboard: 'overview',
  breaking_news: 'breaking_news',
  calendar_events: 'calendar',
  user_management: 'users',
  password_management: 'passwords',
  maintenance_mode: 'maintenance',
  activity_log: 'activity',
};

/**
 * A link to a tab: the page's path with the fragment. A bare '#users' reads to assistive
 * technology (and axe-core) as a skip link to an element with that id, which no tab has.
 */
export function tabHref(id: AdminTabId): string {
  return `/admin#${id}`;
}

export function tabsFor(role: string): AdminTab[] {
  return ADMIN_TABS.filter((tab) => tab.permission === null || hasPermission(role, tab.permission));
}

/** The tab a fragment opens for this role; Overview when it names nothing this role may see. */
export function tabFromHash(hash: string, role: string): AdminTabId {
  const name = decodeURIComponent(hash.replace(/^#/, '')).trim().toLowerCase().replace(/[\s-]+/g, '_');
  const id = ALIASES[name] ?? ADMIN_TABS.find((tab) => tab.id === name)?.id;
  return id && tabsFor(role).some((tab) => tab.id === id) ? id : DEFAULT_TAB;
}
