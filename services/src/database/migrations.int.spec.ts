import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { type DatabaseHandle, IN_MEMORY, openDatabase } from './database.js';
import { MIGRATION_NAMES, migrateDownToEmpty, migrateToLatest, migrations } from './migrate.js';

/** Every table, its primary key and the columns the product relies on. */
const TABLES: Record<string, { readonly key: readonly string[]; readonly columns: readonly string[] }> = {
  event_log: { key: ['sequence'], columns: ['id', 'subject', 'type', 'event', 'appended_at'] },
  event_log_head: { key: ['id'], columns: ['last_sequence'] },
  event_log_consumers: { key: ['name'], columns: ['last_sequence', 'updated_at'] },
  admin_users: { key: ['id'], columns: ['email', 'role', 'created_at', 'last_login'] },
  staff_credentials: { key: ['admin_user_id'], columns: ['password_hash', 'updated_at'] },
  staff_sessions: {
    key: ['id'],
    columns: ['admin_user_id', 'token_hash', 'kind', 'created_at', 'expires_at', 'revoked_at'],
  },
  staff_session_activity: { key: ['session_id'], columns: ['last_seen_at'] },
  breaking_news: {
    key: ['id'],
    columns: ['title', 'content', 'type', 'priority', 'expires_at', 'notify_users', 'is_active', 'created_by', 'created_at'],
  },
  calendar_events: {
    key: ['id'],
    columns: [
      'title', 'description', 'type', 'start_date', 'end_date', 'start_time', 'end_time',
      'location', 'url', 'notify_users', 'is_active', 'created_by',
    ],
  },
  chain_settings: {
    key: ['chain_name'],
    columns: ['is_active', 'display_name', 'maintenance_message', 'updated_at', 'updated_by'],
  },
  contact_submissions: {
    key: ['id'],
    columns: [
      'name', 'email', 'phone', 'subject', 'message', 'photo_url', 'status', 'created_at',
      'admin_reply', 'replied_at', 'replied_by',
    ],
  },
  api_keys: {
    key: ['id'],
    columns: ['name', 'key_hash', 'key_prefix', 'permissions', 'created_by', 'created_at', 'expires_at', 'last_used_at'],
  },
  site_settings: {
    key: ['id'],
    columns: [
      'event_id', 'maintenance_mode', 'maintenance_message', 'maintenance_title', 'expected_up_time',
      'created_at', 'updated_by', 'updated_at',
    ],
  },
  community_links: { key: ['link_id'], columns: ['url', 'updated_at', 'updated_by'] },
  channels: { key: ['id'], columns: ['kind', 'name', 'url_or_chat', 'events', 'secret', 'paused', 'paused_reason', 'created_by', 'created_at', 'updated_at'] },
  channel_deliveries: {
    key: ['delivery_id'],
    columns: ['channel_id', 'source_id', 'event', 'message', 'status', 'attempts', 'next_attempt_at', 'last_status', 'last_error', 'created_at', 'finished_at'],
  },
  channel_peg_marks: { key: ['mark'], columns: ['tier', 'value'] },
  analytics_visits: {
    key: ['id'],
    columns: ['event_id', 'page', 'visitor_id', 'user_agent', 'referrer', 'device_type', 'session_duration', 'country', 'created_at'],
  },
  activity_log: {
    key: ['sequence'],
    columns: ['event_id', 'action', 'occurred_at', 'actor_kind', 'actor_id', 'actor_email', 'target_kind', 'target_id', 'target_label', 'before', 'after'],
  },
  analytics_events: { key: ['id'], columns: ['event_id', 'visitor_id', 'event_type', 'event_data', 'page', 'created_at'] },
  analytics_daily: { key: ['day'], columns: ['visits', 'mobile', 'desktop', 'timed_sessions', 'bounces', 'duration_sum'] },
  analytics_daily_pages: { key: ['day', 'page'], columns: ['visits'] },
  analytics_visitors: { key: ['visitor_id'], columns: ['last_seen'] },
  price_history: { key: ['id'], columns: ['token_name', 'chain_name', 'price', 'timestamp', 'created_at'] },
  silver_prices: { key: ['id'], columns: ['event_id', 'price_per_gram', 'timestamp', 'source', 'created_at'] },
  price_candles: {
    key: ['token_name', 'chain_name', 'bucket', 'bucket_start'],
    columns: ['open', 'high', 'low', 'close', 'samples', 'close_block_number', 'close_read_at'],
  },
  silver_rollups: { key: ['bucket', 'bucket_start'], columns: ['open', 'high', 'low', 'close', 'close_at', 'samples'] },
  token_supply: {
    key: ['token_name', 'chain_name'],
    columns: ['total_supply', 'block_number', 'observed_at', 'event_id', 'updated_at'],
  },
  ingestor_chain_status: {
    key: ['chain_name'],
    columns: ['status', 'consecutive_failures', 'last_attempt_at', 'last_success_at', 'last_error', 'instance_id', 'updated_at'],
  },
  notification_subscriptions: {
    key: ['id'],
    columns: ['endpoint', 'p256dh', 'auth', 'price_alerts', 'silver_alerts', 'calendar_events', 'system_updates', 'created_at', 'updated_at'],
  },
  alert_rules: {
    key: ['subscription_id', 'kind', 'alert_id'],
    columns: ['params', 'enabled', 'last_triggered_at', 'created_at'],
  },
  push_deliveries: { key: ['trigger_id', 'subscription_id'], columns: ['outcome', 'status', 'attempts', 'recorded_at'] },
  notifier_subscriptions: { key: ['subscription_id'], columns: ['endpoint', 'p256dh', 'auth', 'price_alerts', 'silver_alerts', 'calendar_events', 'telegram_chat_id', 'system_updates'] },
  notifier_telegram_links: { key: ['link_id'], columns: ['code_hash', 'preferences', 'alerts', 'expires_at', 'used_at'] },
  notifier_telegram_offset: { key: ['bot_id'], columns: ['next_offset'] },
  notifier_rules: {
    key: ['subscription_id', 'kind', 'alert_id'],
    columns: ['enabled', 'token', 'chain', 'condition', 'threshold', 'event_id', 'event_date', 'start_offset_ms', 'reminder_minutes', 'armed', 'last_triggered_at'],
  },
  notifier_triggers: {
    key: ['trigger_id'],
    columns: ['event_id', 'source_id', 'subscription_id', 'kind', 'alert_id', 'value', 'payload', 'urgency', 'expires_at', 'triggered_at', 'appended', 'outcome', 'status', 'attempts', 'recorded_at'],
  },
  user_dashboard_preferences: { key: ['user_id'], columns: ['layout', 'widgets', 'theme', 'updated_at'] },
  projection_checkpoints: { key: ['name'], columns: ['sequence', 'updated_at'] },
  dead_letters: { key: ['id'], columns: ['consumer', 'sequence', 'event_id', 'event', 'error', 'created_at'] },
};

const STAFF_ID = '0190a1b2-0000-7000-8000-000000000001';
const uuid = (n: number) => `0190a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** A valid row per table; each CHECK case swaps one column for a bad value. */
const VALID_ROWS: Record<string, () => Record<string, unknown>> = {
  admin_users: () => ({ id: uuid(100 + Math.floor(Math.random() * 1e6)), email: `${Math.random()}@x.test`, role: 'admin' }),
  staff_sessions: () => ({
    admin_user_id: STAFF_ID,
    token_hash: `hash-${Math.random()}`,
    kind: 'cookie',
    expires_at: new Date('2030-01-01T00:00:00Z'),
  }),
  api_keys: () => ({
    name: 'Web Push Notifications',
    key_hash: `hash-${Math.random()}`,
    key_prefix: 'xsd_ab12',
    permissions: ['send_notifications'],
  }),
  breaking_news: () => ({ title: 'Title', content: '<p>Body</p>', type: 'info', priority: 1 }),
  calendar_events: () => ({ title: 'Launch', type: 'event', start_date: '2025-01-02' }),
  contact_submissions: () => ({ name: 'Ann', email: 'ann@x.test', message: 'Hello', status: 'new' }),
  analytics_visits: () => ({ event_id: crypto.randomUUID(), page: '/', visitor_id: 'v1', device_type: 'mobile' }),
  price_history: () => ({
    id: crypto.randomUUID(),
    token_name: 'XSD',
    chain_name: 'Ethereum',
    price: 1.02,
    timestamp: new Date(),
  }),
  price_candles: () => ({
    token_name: 'BankX',
    chain_name: 'BSC',
    bucket: '1h',
    bucket_start: new Date(Math.floor(Math.random() * 1e12)),
    open: 1,
    high: 2,
    low: 0.5,
    close: 1.5,
    samples: 3,
  }),
  channels: () => ({
    id: uuid(Math.floor(Math.random() * 1e9)),
    kind: 'webhook',
    name: 'Ops',
    url_or_chat: 'https://hooks.example/ops',
    events: ['maintenance'],
    created_at: new Date(),
    updated_at: new Date(),
  }),
  channel_deliveries: () => ({
    delivery_id: uuid(Math.floor(Math.random() * 1e9)),
    channel_id: uuid(1),
    source_id: 'maintenance:1',
    event: 'maintenance',
    message: JSON.stringify({ title: 'Maintenance' }),
    status: 'pending',
    next_attempt_at: new Date(),
    created_at: new Date(),
  }),
  silver_rollups: () => ({
    bucket: '1d',
    bucket_start: new Date(Math.floor(Math.random() * 1e12)),
    open: 1,
    high: 2,
    low: 0.5,
    close: 1.5,
    close_at: new Date(),
    samples: 3,
  }),
  token_supply: () => ({
    token_name: 'XSD',
    chain_name: `chain-${Math.random()}`,
    total_supply: 21_010,
    observed_at: new Date(),
    event_id: crypto.randomUUID(),
  }),
  ingestor_chain_status: () => ({ chain_name: `chain-${Math.random()}`, status: 'ok', instance_id: 'test' }),
  alert_rules: () => ({
    subscription_id: crypto.randomUUID(),
    kind: 'price',
    alert_id: '1',
    params: JSON.stringify({ token: 'XSD', chain: 'Ethereum', condition: 'above', price: 2 }),
    enabled: true,
    created_at: new Date(),
  }),
  push_deliveries: () => ({
    trigger_id: crypto.randomUUID(),
    subscription_id: crypto.randomUUID(),
    outcome: 'sent',
    status: 201,
    attempts: 1,
    recorded_at: new Date(),
  }),
  notifier_subscriptions: () => ({ subscription_id: crypto.randomUUID(), endpoint: 'https://push.example/1', p256dh: 'k', auth: 'a', price_alerts: true, silver_alerts: true, calendar_events: true }),
  notifier_rules: () => ({ subscription_id: crypto.randomUUID(), kind: 'silver', alert_id: 's1', enabled: true, condition: 'below', threshold: 0.9, armed: true }),
  notifier_triggers: () => ({
    trigger_id: crypto.randomUUID(),
    event_id: crypto.randomUUID(),
    source_id: 'source',
    subscription_id: crypto.randomUUID(),
    kind: 'price',
    alert_id: 't1',
    payload: JSON.stringify({ title: 'XSD price alert', body: 'XSD on Ethereum is $1.120000, above your $1.100000 alert.' }),
    urgency: 'normal',
    expires_at: new Date(),
    triggered_at: new Date(),
    appended: true,
  }),
};

const CHECK_CASES: readonly (readonly [table: string, column: string, bad: unknown])[] = [
  ['admin_users', 'role', 'owner'],
  ['staff_sessions', 'kind', 'token'],
  ['api_keys', 'permissions', ['delete_everything']],
  ['api_keys', 'permissions', []],
  ['breaking_news', 'type', 'critical'],
  ['breaking_news', 'priority', 6],
  ['breaking_news', 'priority', 0],
  ['calendar_events', 'type', 'party'],
  ['contact_submissions', 'status', 'spam'],
  ['analytics_visits', 'device_type', 'tablet'],
  ['price_history', 'token_name', 'BTC'],
  ['price_candles', 'bucket', '15m'],
  ['silver_rollups', 'bucket', '5m'],
  ['channels', 'kind', 'slack'],
  ['channel_deliveries', 'status', 'lost'],
  ['token_supply', 'token_name', 'BTC'],
  ['token_supply', 'total_supply', -1],
  ['alert_rules', 'kind', 'weather'],
  ['push_deliveries', 'outcome', 'lost'],
  ['notifier_rules', 'kind', 'weather'],
  ['notifier_triggers', 'outcome', 'lost'],
  // A subscription is a push endpoint or a Telegram chat, never both.
  ['notifier_subscriptions', 'telegram_chat_id', 42],
  ['ingestor_chain_status', 'status', 'sleeping'],
];

interface DriverUnderTest {
  readonly name: 'pglite' | 'postgres';
  open(): Promise<{ handle: DatabaseHandle; close(): Promise<void> }>;
}

const drivers: DriverUnderTest[] = [
  {
    name: 'pglite',
    open: async () => {
      const handle = await openDatabase({ dataDir: IN_MEMORY });
      return { handle, close: () => handle.close() };
    },
  },
  {
    name: 'postgres',
    open: async () => {
      const database: TestDatabase = await createTestDatabase({ empty: true });
      return { handle: database.handle, close: () => database.drop() };
    },
  },
];

async function publicTables(db: Kysely<any>): Promise<string[]> {
  const rows = await db
    .selectFrom('information_schema.tables')
    .select('table_name')
    .where('table_schema', '=', 'public')
    .where('table_type', '=', 'BASE TABLE')
    .execute();
  return rows.map((row) => String(row.table_name)).sort();
}

async function columnsOf(db: Kysely<any>): Promise<Map<string, Set<string>>> {
  const rows = await db
    .selectFrom('information_schema.columns')
    .select(['table_name', 'column_name'])
    .where('table_schema', '=', 'public')
    .execute();
  const byTable = new Map<string, Set<string>>();
  for (const row of rows) {
    const table = String(row.table_name);
    if (!byTable.has(table)) byTable.set(table, new Set());
    byTable.get(table)!.add(String(row.column_name));
  }
  return byTable;
}

async function primaryKeys(db: Kysely<any>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select tc.table_name, kcu.column_name
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'
    order by tc.table_name, kcu.ordinal_position`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const row of rows) byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  return byTable;
}

describe.each(drivers)('migrations on $name', (driver) => {
  let handle: DatabaseHandle;
  let close: () => Promise<void>;
  let db: Kysely<any>;

  beforeAll(async () => {
    ({ handle, close } = await driver.open());
    db = handle.db;
  });

  afterAll(async () => {
    await close?.();
  });

  it('runs every migration up from an empty database', async () => {
    expect(await publicTables(db)).toEqual([]);
    expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('creates every table of the spec and the design with its key and columns', async () => {
    const tables = await publicTables(db);
    expect(tables).toEqual([...Object.keys(TABLES), 'kysely_migration', 'kysely_migration_lock'].sort());

    const columns = await columnsOf(db);
    const keys = await primaryKeys(db);
    for (const [table, expected] of Object.entries(TABLES)) {
      expect([...(columns.get(table) ?? [])], table).toEqual(expect.arrayContaining([...expected.key, ...expected.columns]));
      expect(keys.get(table), `${table} primary key`).toEqual(expected.key);
    }
  });

  it('accepts the valid rows the CHECK cases start from', async () => {
    await db.insertInto('admin_users').values({ id: STAFF_ID, email: 'Root@X.test', role: 'super_admin' }).execute();
    for (const [table, row] of Object.entries(VALID_ROWS)) {
      await db.insertInto(table).values(row()).execute();
    }
  });

  it.each(CHECK_CASES)('refuses %s.%s = %j', async (table, column, bad) => {
    const row = { ...VALID_ROWS[table](), [column]: bad };
    await expect(db.insertInto(table).values(row).execute()).rejects.toMatchObject({ code: '23514' });
  });

  it('refuses a second staff account with the same email in another case', async () => {
    await expect(
      db.insertInto('admin_users').values({ id: uuid(2), email: 'root@x.TEST', role: 'admin' }).execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses a price_history row whose event was already projected', async () => {
    const row = VALID_ROWS.price_history();
    await db.insertInto('price_history').values(row).execute();
    await expect(
      db.insertInto('price_history').values({ ...row, price: 2 }).execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('returns int8 and numeric as numbers, timestamptz as Date, date as text, jsonb parsed', async () => {
    const big = 2 ** 53 - 1;
    const at = new Date('2025-03-04T05:06:07.089Z');
    await db
      .insertInto('projection_checkpoints')
      .values({ name: `types-${driver.name}`, sequence: big, updated_at: at })
      .execute();
    const checkpoint = await db
      .selectFrom('projection_checkpoints')
      .selectAll()
      .where('name', '=', `types-${driver.name}`)
      .executeTakeFirstOrThrow();
    expect(checkpoint.sequence).toBe(big);
    expect(checkpoint.updated_at).toBeInstanceOf(Date);
    expect((checkpoint.updated_at as Date).toISOString()).toBe(at.toISOString());

    const { rows } = await sql<Record<string, unknown>>`
      select 7::int8 as int8, 12.5::numeric as numeric, array[1, 2]::int8[] as int8s,
             array[1.5, null]::numeric[] as numerics, count(*) as count, now() as now,
             '2025-01-02'::date as date, '{"a": [1, true]}'::jsonb as json, 2.25::float8 as float8`.execute(db);
    expect(rows[0]).toEqual({
      int8: 7,
      numeric: 12.5,
      int8s: [1, 2],
      numerics: [1.5, null],
      count: 1,
      now: expect.any(Date),
      date: '2025-01-02',
      json: { a: [1, true] },
      float8: 2.25,
    });

    const event = await db
      .selectFrom('calendar_events')
      .select(['start_date', 'start_time'])
      .where('title', '=', 'Launch')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ start_date: '2025-01-02', start_time: null });
  });

  it('runs every migration down to an empty database, and up again', async () => {
    expect(await migrateDownToEmpty(db)).toEqual([...MIGRATION_NAMES].reverse());
    expect(await publicTables(db)).toEqual(['kysely_migration', 'kysely_migration_lock']);
    const { rows } = await sql<{ count: number }>`
      select count(*) as count from pg_indexes
      where schemaname = 'public' and tablename not like 'kysely_migration%'`.execute(db);
    expect(rows[0].count).toBe(0);
    expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES);
  });
});

describe('migrateToLatest when a migration fails', () => {
  it('names the failed migration and applies none of them', async () => {
    const database = await createTestDatabase({ empty: true });
    try {
      const db: Kysely<any> = database.handle.db;
      await sql`create table admin_users (id int)`.execute(db);
      const failure = migrateToLatest(db);
      await expect(failure).rejects.toMatchObject({
        name: 'MigrationError',
        failedMigration: '1763683400000-Staff',
        message: expect.stringMatching(/^Database migration 1763683400000-Staff \(up\) failed: .*admin_users/),
      });
      expect((await publicTables(db)).filter((table) => !table.startsWith('kysely_'))).toEqual(['admin_users']);
    } finally {
      await database.drop();
    }
  });
});

describe('1763685600000-CandleCloseProvenance on a database with candles', () => {
  it('gives each candle the block and read time of the newest raw reading of its bucket, and none where they were pruned', async () => {
    const database = await createTestDatabase({ empty: true });
    try {
      const db: Kysely<any> = database.handle.db;
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '1763685600000'));
      const { error } = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
      expect(error).toBeUndefined();
      const at = (iso: string) => new Date(iso);
      const reading = (timestamp: string, block_number: number) => ({ id: crypto.randomUUID(), token_name: 'XSD', chain_name: 'Ethereum', price: 1, block_number, timestamp: at(timestamp) });
      await db.insertInto('price_history').values([reading('2026-03-01T10:05:00Z', 7), reading('2026-03-01T10:40:00Z', 9), reading('2026-03-01T11:10:00Z', 12)]).execute();
      const candle = (bucket: string, bucket_start: string) => ({ token_name: 'XSD', chain_name: 'Ethereum', bucket, bucket_start: at(bucket_start), open: 1, high: 1, low: 1, close: 1, samples: 1 });
      await db.insertInto('price_candles').values([candle('1h', '2026-03-01T10:00:00Z'), candle('1d', '2026-03-01T00:00:00Z'), candle('1h', '2026-02-01T10:00:00Z')]).execute();

      expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES.filter((name) => name >= '1763685600000'));
      const rows = await db.selectFrom('price_candles').select(['bucket', 'bucket_start', 'close_block_number', 'close_read_at']).orderBy('bucket_start').execute();
      expect(rows).toEqual([
        { bucket: '1h', bucket_start: at('2026-02-01T10:00:00Z'), close_block_number: null, close_read_at: null },
        { bucket: '1d', bucket_start: at('2026-03-01T00:00:00Z'), close_block_number: 12, close_read_at: at('2026-03-01T11:10:00Z') },
        { bucket: '1h', bucket_start: at('2026-03-01T10:00:00Z'), close_block_number: 9, close_read_at: at('2026-03-01T10:40:00Z') },
      ]);
    } finally {
      await database.drop();
    }
  });
});
