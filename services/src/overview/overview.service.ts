import { Inject, Injectable } from '@nestjs/common';
import { hasPermission, STAFF_ROLES, type StaffRole } from '@xsd/contracts';
import { type AdminOverviewResponse, OVERVIEW_SECTION_PERMISSIONS } from '@xsd/contracts/api/admin-overview';
import { DASHBOARD_ANALYTICS_WINDOW, DASHBOARD_TOP_PAGES } from '@xsd/contracts/api/analytics';
import { loadStatistics } from '../analytics/analytics-statistics.js';
import { ChainStatusService } from '../chains/status/chain-status.service.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { AnalyticsRepository } from '../read-models/analytics/analytics.repository.js';
import { OverviewRepository } from '../read-models/overview/overview.repository.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';

type Section = keyof typeof OVERVIEW_SECTION_PERMISSIONS;

/** The Overview tab's statistic cards; a card the caller's role may not see is null and never read. */
@Injectable()
export class OverviewService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly counts: OverviewRepository,
    private readonly chains: ChainStatusService,
    private readonly analytics: AnalyticsRepository,
  ) {}

  async overview(by: AuthenticatedStaff): Promise<AdminOverviewResponse> {
    const now = this.clock();
    const may = (section: Section) => hasPermission(by.role, OVERVIEW_SECTION_PERMISSIONS[section]);
    const when = <T>(section: Section, read: () => Promise<T>): Promise<T | null> => (may(section) ? read() : Promise.resolve(null));

    const [news, calendarEvents, chains, staff, apiKeys, contact, analytics] = await Promise.all([
      when('news', () => this.counts.news(now)),
      when('calendar_events', () => this.counts.calendarEvents(now.toISOString().slice(0, 10))),
      when('chains', async () => {
        // Coming-soon networks are not counted: they cannot be switched on.
        const live = (await this.chains.list()).parse().items.filter((chain) => !chain.coming_soon);
        const active = live.filter((chain) => chain.is_active).length;
        return { total: live.length, active, maintenance: live.length - active };
      }),
      when('staff', async () => {
        const byRole = Object.fromEntries(STAFF_ROLES.map((role) => [role, 0])) as Record<StaffRole, number>;
        for (const { role, n } of await this.counts.staffByRole()) byRole[role] = n;
        return { total: Object.values(byRole).reduce((a, b) => a + b, 0), by_role: byRole };
      }),
      when('api_keys', async () => {
        const { total, expired } = await this.counts.apiKeys(now);
        return { total, active: total - expired, expired };
      }),
      when('contact_submissions', () => this.counts.contactSubmissions()),
      when('analytics', async () => {
        const year = await loadStatistics(this.analytics, now, DASHBOARD_ANALYTICS_WINDOW);
        return { ...year, top_pages: year.top_pages.slice(0, DASHBOARD_TOP_PAGES) };
      }),
    ]);
    return {
      news,
      calendar_events: calendarEvents,
      chains,
      staff,
      api_keys: apiKeys,
      contact_submissions: contact,
      analytics,
      generated_at: now.toISOString(),
    };
  }
}
