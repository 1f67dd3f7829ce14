import type { Kysely } from 'kysely'

// The agent as listings name them (Settings): one row per user, absent until filled in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agent_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('listing_name', 'text', (c) => c.notNull())
    .addColumn('license_number', 'text')
    .addColumn('license_state', 'text')
    .addColumn('brokerage', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
}
