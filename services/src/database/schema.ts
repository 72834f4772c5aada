import type { EventLogTables } from '../event-log/embedded/event-log.tables.js';
import type { ActivityLogTable } from '../read-models/activity/activity.table.js';
import type {
  AnalyticsDailyPagesTable,
  AnalyticsDailyTable,
  AnalyticsEventsTable,
  AnalyticsVisitorsTable,
  AnalyticsVisitsTable,
} from '../read-models/analytics/analytics.table.js';
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
import type { SiteSettingsTable } from '../read-models/site-settings/site-settings.table.js';
import type {
  AdminUsersTable,
  StaffCredentialsTable,
  StaffSessionActivityTable,
  StaffSessionsTable,
} from '../read-models/staff/staff.tables.js';
import type { TokenSupplyTable } from '../read-models/token-supply/token-supply.table.js';
import type { AlertRulesTable, NotificationSubscriptionsTable, PushDeliveriesTable } from '../read-models/push/push.tables.js';
import type { NotifierRulesTable, NotifierSubscriptionsTable, NotifierTriggersTable } from '../read-models/notifier/notifier.tables.js';
import type { JsonValue, NullableJson, TimestampDefault, UuidDefault } from './column-types.js';

/**
 * The Kysely view of the database, kept by hand in step with `migrations/`. Each read model's table
 * types live in its folder (`read-models/<name>/<name>.table.ts`) beside its projection and its
 * repository; this file assembles them into `DB`, with the projector's and the event log's own tables.
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

// ── projection machinery ─────────────────────────────────────────────────────

/** The last event sequence each projection has applied, written with its rows. */
export interface ProjectionCheckpointsTable {
  name: string;
  sequence: number;
  updated_at: TimestampDefault;
}

/** Events a consumer gave up on after its maximum deliveries. */
export interface DeadLettersTable {
  id: UuidDefault;
  consumer: string;
  sequence: number;
  /** Text, not uuid: an event that failed to parse may carry any id, or none. */
  event_id: string | null;
  event: NullableJson<JsonValue>;
  error: string;
  created_at: TimestampDefault;
}

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
  contact_submissions: ContactSubmissionsTable;
  analytics_visits: AnalyticsVisitsTable;
  analytics_events: AnalyticsEventsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_daily_pages: AnalyticsDailyPagesTable;
  analytics_visitors: AnalyticsVisitorsTable;
  price_history: PriceHistoryTable;
  silver_prices: SilverPricesTable;
  price_candles: PriceCandlesTable;
  token_supply: TokenSupplyTable;
  ingestor_chain_status: IngestorChainStatusTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  alert_rules: AlertRulesTable;
  push_deliveries: PushDeliveriesTable;
  notifier_subscriptions: NotifierSubscriptionsTable;
  notifier_rules: NotifierRulesTable;
  notifier_triggers: NotifierTriggersTable;
  user_dashboard_preferences: UserDashboardPreferencesTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  dead_letters: DeadLettersTable;
  activity_log: ActivityLogTable;
}
