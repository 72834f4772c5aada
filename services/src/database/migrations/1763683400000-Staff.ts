import { type Kysely, sql } from 'kysely';

/** Staff accounts, their password hashes and sessions, and the API keys they issue. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login', 'timestamptz')
    .addCheckConstraint('admin_users_role_check', sql`role in ('super_admin', 'admin', 'calendar_access')`)
    .execute();
  await db.schema
    .createIndex('admin_users_email_key')
    .on('admin_users')
    .unique()
    .expression(sql`lower(email)`)
    .execute();

  // Credentials and sessions belong to their account and go with it.
  await db.schema
    .createTable('staff_credentials')
    .addColumn('admin_user_id', 'uuid', (c) => c.primaryKey().references('admin_users.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('admin_user_id', 'uuid', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_seen_at', 'timestamptz')
    .addCheckConstraint('staff_sessions_kind_check', sql`kind in ('cookie', 'bearer')`)
    .execute();
  await db.schema.createIndex('staff_sessions_admin_user_id_idx').on('staff_sessions').column('admin_user_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('permissions', sql`text[]`, (c) => c.notNull())
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addCheckConstraint(
      'api_keys_permissions_check',
      sql`cardinality(permissions) > 0 and permissions <@ array['send_notifications', 'read_subscriptions']::text[]`,
    )
    .execute();
  await db.schema.createIndex('api_keys_name_idx').on('api_keys').column('name').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff_credentials').execute();
  await db.schema.dropTable('admin_users').execute();
}
