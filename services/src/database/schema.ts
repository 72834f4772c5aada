import type { EventLogTables } from '../event-log/embedded/event-log.tables.js';
import type { DeadLettersTable, ProjectionCheckpointsTable } from '../core/checkpoints.tables.js';
import type { ActivityLogTable } from '../read-models/activity/activity.table.js';
import type {
  AnalyticsDailyPagesTable,
  AnalyticsDailyTable,
  AnalyticsEventsTable,
  AnalyticsVisitorsTable,
  AnalyticsVisitsTable,
} from '../read-models/analytics/analytics.table.js';
import type { ChannelDeliveriesTable, ChannelPegMarksTable, ChannelsTable } from '../read-models/channels/channels.tables.js';
import type { ApiKeysTable } from '../read-models/api-keys/api-keys.table.js';
import type { BreakingNewsTable } from '../read-models/breaking-news/breaking-news.table.js';
import type { CalendarEventsTable } from '../read-models/calendar-events/calendar-events.table.js';
import type { ChainSettingsTable } from '../read-models/chain-settings/chain-settings.table.js';
import type { ContactSubmissionsTable } from '../read-models/contact-submissions/contact-submissions.table.js';
import type { UserDashboardPreferencesTable } from '../read-models/dashboard-preferences/dashboard-preferences.table.js';
import type { IngestorChainStatusTable } from '../read-models/ingestor-status/ingestor-status.table.js';
import type { PriceCandlesTable } from '../read-models/price-candles/price-candles.table.js';
import type { PriceHistoryTable } from '../read-models/price-history/price-history.table.js';
import type { SilverPricesTable } from '../read-models/silver-prices/silver-prices.table.js';
import type { SilverRollupsTable } from '../read-models/silver-prices/silver-rollups.table.js';
import type { SiteSettingsTable } from '../read-models/site-settings/site-settings.table.js';
import type { CommunityLinksTable } from '../read-models/community-links/community-links.table.js';
import type {
  AdminUsersTable,
  StaffCredentialsTable,
  StaffSessionActivityTable,
  StaffSessionsTable,
} from '../read-models/staff/staff.tables.js';
import type { TokenSupplyTable } from '../read-models/token-supply/token-supply.table.js';
import type { AlertRulesTable, NotificationSubscriptionsTable, PushDeliveriesTable } from '../read-models/push/push.tables.js';
import type {
  NotifierRulesTable,
  NotifierSubscriptionsTable,
  NotifierTelegramLinksTable,
  NotifierTelegramOffsetTable,
  NotifierTriggersTable,
} from '../read-models/push/notifier.tables.js';

/**
 * The Kysely view of the database, kept by hand in step with `migrations/`, assembled from the
 * table types of each table's owner: a read model's live in its folder
 * (`read-models/<name>/<name>.table.ts`) beside its projection and its repository; the event
 * log's, the checkpoints' and the notifier's beside their code. Shared column shapes are in
 * `column-types.ts`. Nothing but the `DB` type is defined here.
 *
 * Read models (everything except the session activity, the ingestor status, the checkpoints and
 * the dead letters) are written only by projections, in the same transaction as the projection's
 * checkpoint. Projections set `created_at` and the like from the event's `occurredAt` so that a
 * rebuild from sequence 1 produces the same rows; the column defaults are only a fallback. Rows
 * made from one event each carry that `event_id` under a unique constraint, so a replay can never
 * double them.
 *
 * Values as both drivers return them (see `database.ts`): timestamptz as Date (insert a Date or
 * an ISO string), int8 and numeric as number, date as 'YYYY-MM-DD', time as 'HH:MM:SS', jsonb as
 * parsed JSON (insert it as a JSON string: `JSON.stringify(value)`), text[] as string[].
 */

export interface DB extends EventLogTables {
  admin_users: AdminUsersTable;
  staff_credentials: StaffCredentialsTable;
  staff_sessions: StaffSessionsTable;
  staff_session_activity: StaffSessionActivityTable;
  api_keys: ApiKeysTable;
  breaking_news: BreakingNewsTable;
  calendar_events: CalendarEventsTable;
  chain_settings: ChainSettingsTable;
  site_settings: SiteSettingsTable;
  community_links: CommunityLinksTable;
  contact_submissions: ContactSubmissionsTable;
  analytics_visits: AnalyticsVisitsTable;
  analytics_events: AnalyticsEventsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_daily_pages: AnalyticsDailyPagesTable;
  analytics_visitors: AnalyticsVisitorsTable;
  price_history: PriceHistoryTable;
  silver_prices: SilverPricesTable;
  price_candles: PriceCandlesTable;
  silver_rollups: SilverRollupsTable;
  token_supply: TokenSupplyTable;
  ingestor_chain_status: IngestorChainStatusTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  alert_rules: AlertRulesTable;
  push_deliveries: PushDeliveriesTable;
  notifier_subscriptions: NotifierSubscriptionsTable;
  notifier_rules: NotifierRulesTable;
  notifier_triggers: NotifierTriggersTable;
  notifier_telegram_links: NotifierTelegramLinksTable;
  notifier_telegram_offset: NotifierTelegramOffsetTable;
  user_dashboard_preferences: UserDashboardPreferencesTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  dead_letters: DeadLettersTable;
  activity_log: ActivityLogTable;
  channels: ChannelsTable;
  channel_deliveries: ChannelDeliveriesTable;
  channel_peg_marks: ChannelPegMarksTable;
}
