import type { TokenName } from '@xsd/contracts';
import type { ColumnType } from 'kysely';
import type { EventLogTables } from '../event-log/embedded/event-log.tables.js';

/**
 * The Kysely view of the database, kept by hand in step with `migrations/`.
 *
 * Read models (everything below except the session activity, the ingestor status, the checkpoints
 * and the dead letters) are written only by projections, in the same transaction as the projection's
 * checkpoint. Projections set `created_at` and the like from the event's `occurredAt` so that a
 * rebuild from sequence 1 produces the same rows; the column defaults are only a fallback. Rows
 * made from one event each carry that `event_id` under a unique constraint, so a replay can never
 * double them.
 *
 * Values as both drivers return them (see `database.ts`): timestamptz as Date (insert a Date or
 * an ISO string), int8 and numeric as number, date as 'YYYY-MM-DD', time as 'HH:MM:SS', jsonb as
 * parsed JSON (insert it as a JSON string: `JSON.stringify(value)`), text[] as string[].
 */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default (`now()`), optional on insert. */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** A column with a database default, optional on insert. */
type Default<T> = ColumnType<T, T | undefined, T>;
/** A uuid primary key with `gen_random_uuid()` as its default. */
type UuidDefault = Default<string>;
/** jsonb: parsed on select, a JSON string (`JSON.stringify`) on insert and update. */
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export type StaffRole = 'super_admin' | 'admin' | 'calendar_access';
export type NewsType = 'info' | 'warning' | 'success' | 'error';
export type CalendarEventType = 'announcement' | 'update' | 'maintenance' | 'event' | 'deadline';
export type ContactStatus = 'new' | 'read' | 'replied' | 'archived';
export type ApiKeyPermission = 'send_notifications' | 'read_subscriptions';
export type DeviceType = 'mobile' | 'desktop';
export type SessionKind = 'cookie' | 'bearer';
export type CandleBucket = '5m' | '1h' | '1d';
export type AlertKind = 'price' | 'silver' | 'calendar';
export type IngestorChainState = 'ok' | 'retrying' | 'stopped';

// ── staff ────────────────────────────────────────────────────────────────────

export interface AdminUsersTable {
  /** The staff account id. */
  id: string;
  /** Unique without regard to case. */
  email: string;
  role: StaffRole;
  created_at: TimestampDefault;
  last_login: Timestamp | null;
}

/** One argon2id hash per staff account; removed with the account. Projected from the staff events. */
export interface StaffCredentialsTable {
  admin_user_id: string;
  password_hash: string;
  updated_at: TimestampDefault;
}

/**
 * Revocable staff sessions; only the SHA-256 of the token is kept. Removed with the account.
 * Projected from staff.signed-in / signed-out / password-changed.
 */
export interface StaffSessionsTable {
  id: UuidDefault;
  admin_user_id: string;
  token_hash: string;
  kind: SessionKind;
  created_at: TimestampDefault;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** When each session was last used: written by the auth service (not an event), kept over rebuilds. */
export interface StaffSessionActivityTable {
  session_id: string;
  last_seen_at: Timestamp;
}

/** Keys are shown once at creation; only their hash and a short prefix (for display) are kept. */
export interface ApiKeysTable {
  id: UuidDefault;
  name: string;
  key_hash: string;
  key_prefix: string;
  /** At least one; each one of ApiKeyPermission. */
  permissions: ColumnType<ApiKeyPermission[], ApiKeyPermission[], ApiKeyPermission[]>;
  created_by: string | null;
  created_at: TimestampDefault;
  /** Null: never expires. */
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

// ── site content ─────────────────────────────────────────────────────────────

export interface BreakingNewsTable {
  id: UuidDefault;
  title: string;
  /** Sanitised HTML. */
  content: string;
  type: Default<NewsType>;
  /** 1 to 5; 4 or more is high priority. */
  priority: Default<number>;
  expires_at: Timestamp | null;
  notify_users: Default<boolean>;
  is_active: Default<boolean>;
  created_by: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface CalendarEventsTable {
  id: UuidDefault;
  title: string;
  /** Sanitised HTML. */
  description: string | null;
  type: Default<CalendarEventType>;
  /** 'YYYY-MM-DD'. */
  start_date: string;
  end_date: string | null;
  /** 'HH:MM' or 'HH:MM:SS' in, 'HH:MM:SS' out. */
  start_time: string | null;
  end_time: string | null;
  location: string | null;
  url: string | null;
  notify_users: Default<boolean>;
  is_active: Default<boolean>;
  created_by: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

/** One row per chain; no row means active with the default name. */
export interface ChainSettingsTable {
  chain_name: string;
  is_active: Default<boolean>;
  display_name: string | null;
  maintenance_message: string | null;
  updated_at: TimestampDefault;
  updated_by: string | null;
}

/** The newest row by created_at is the one in force. */
export interface SiteSettingsTable {
  id: UuidDefault;
  event_id: string;
  maintenance_mode: Default<boolean>;
  maintenance_message: string | null;
  maintenance_title: string | null;
  expected_up_time: Timestamp | null;
  created_at: TimestampDefault;
  updated_by: string | null;
  updated_at: TimestampDefault;
}

export interface ContactSubmissionsTable {
  id: UuidDefault;
  name: string;
  email: string;
  phone: string | null;
  subject: Default<string>;
  message: string;
  photo_url: string | null;
  status: Default<ContactStatus>;
  created_at: TimestampDefault;
  admin_reply: string | null;
  replied_at: Timestamp | null;
  replied_by: string | null;
}

// ── analytics ────────────────────────────────────────────────────────────────

export interface AnalyticsVisitsTable {
  id: UuidDefault;
  event_id: string;
  page: string;
  visitor_id: string;
  user_agent: string | null;
  referrer: string | null;
  device_type: DeviceType | null;
  /** Seconds. */
  session_duration: number | null;
  /** Always null: no location lookup. */
  country: string | null;
  created_at: TimestampDefault;
}

export interface AnalyticsEventsTable {
  id: UuidDefault;
  event_id: string;
  visitor_id: string | null;
  event_type: string;
  event_data: NullableJson<JsonObject>;
  page: string | null;
  created_at: TimestampDefault;
}

// ── prices ───────────────────────────────────────────────────────────────────

export interface PriceHistoryTable {
  /** The id of the price.ticked event the row comes from (so a replay cannot double it). */
  id: string;
  token_name: TokenName;
  chain_name: string;
  price: number;
  block_number: number | null;
  /** When the price was read on chain. */
  timestamp: Timestamp;
  created_at: TimestampDefault;
}

export interface SilverPricesTable {
  id: UuidDefault;
  event_id: string;
  price_per_gram: number;
  price_per_ounce: number | null;
  round_id: string | null;
  timestamp: Timestamp;
  source: Default<string>;
  created_at: TimestampDefault;
}

/** OHLC per token, chain and bucket, for charts over long windows. */
export interface PriceCandlesTable {
  token_name: TokenName;
  chain_name: string;
  bucket: CandleBucket;
  bucket_start: Timestamp;
  open: number;
  high: number;
  low: number;
  close: number;
  samples: number;
}

/** The latest total supply of each token on each chain (whole tokens), from `price.ticked`. */
export interface TokenSupplyTable {
  token_name: TokenName;
  chain_name: string;
  total_supply: number;
  block_number: number | null;
  /** When the supply was read on chain. */
  observed_at: Timestamp;
  /** The tick it came from. */
  event_id: string;
  updated_at: TimestampDefault;
}

/** The ingestor's state per chain (operational, written by the ingestor itself). */
export interface IngestorChainStatusTable {
  chain_name: string;
  status: IngestorChainState;
  consecutive_failures: Default<number>;
  last_attempt_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_error: string | null;
  instance_id: string;
  updated_at: TimestampDefault;
}

// ── visitors and push ────────────────────────────────────────────────────────

export interface NotificationSubscriptionsTable {
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

/** Server-side alerts of one push subscription (no foreign key: see the migration). */
export interface AlertRulesTable {
  id: UuidDefault;
  subscription_endpoint: string;
  kind: AlertKind;
  params: Json<JsonObject>;
  enabled: Default<boolean>;
  last_triggered_at: Timestamp | null;
  created_at: TimestampDefault;
}

export interface UserDashboardPreferencesTable {
  /** A staff id or a visitor id. */
  user_id: string;
  layout: NullableJson<JsonValue[] | JsonObject>;
  widgets: NullableJson<JsonValue[] | JsonObject>;
  theme: string | null;
  updated_at: TimestampDefault;
}

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
  price_history: PriceHistoryTable;
  silver_prices: SilverPricesTable;
  price_candles: PriceCandlesTable;
  token_supply: TokenSupplyTable;
  ingestor_chain_status: IngestorChainStatusTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  alert_rules: AlertRulesTable;
  user_dashboard_preferences: UserDashboardPreferencesTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  dead_letters: DeadLettersTable;
}
