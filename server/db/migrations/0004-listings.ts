import type { Kysely } from 'kysely'

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('price', 'integer')
    .addColumn('listing_type', 'text', (c) => c.notNull())
    .addColumn('photo_count', 'integer', (c) => c.notNull())
    /** The normalized listing as received, JSON. */
    .addColumn('data', 'text', (c) => c.notNull())
    /** The Marketplace draft answered, JSON. */
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('listings_user_created')
    .on('listings')
    .columns(['user_id', 'created_at'])
    .execute()
}
