import type { Kysely } from 'kysely';

/** The community links staff set (shop, chats, social channels): one row per link ever set. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('community_links')
    .addColumn('link_id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'uuid')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('community_links').execute();
}
