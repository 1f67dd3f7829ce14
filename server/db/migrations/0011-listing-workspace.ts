import { sql, type Kysely } from 'kysely'
import type { NormalizedListing } from '../../../api/schemas/listing.ts'
import { listingSummaryColumns } from '../../listings/listing-summary-columns.ts'

/**
 * One row per listing (user, source, source id) instead of one per conversion, with what the
 * Listings page shows, searches and sorts by, and the agent's permission answer
 * (docs/listings.md). The table is rebuilt: SQLite cannot add NOT NULL columns without a default
 * nor a constraint to a table, and the rows must be merged first anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL's migrator runs every migration in a transaction; SQLite's does not: this one
  // copies and drops a table, so it takes one itself.
  if (db.isTransaction) await rebuildListings(db)
  else await db.transaction().execute(rebuildListings)
}

async function rebuildListings(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listings_workspace')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('price', 'integer')
    .addColumn('listing_type', 'text', (c) => c.notNull())
    .addColumn('photo_count', 'integer', (c) => c.notNull())
    /** The normalized listing of the last conversion, JSON. */
    .addColumn('data', 'text', (c) => c.notNull())
    /** The Marketplace draft last answered, JSON. */
    .addColumn('draft', 'text', (c) => c.notNull())
    /** First converted. */
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** Last converted (again, or Fill again): the list's order. */
    .addColumn('converted_at', 'text', (c) => c.notNull())
    /** Last counted as an API call (docs/listings.md#metering). */
    .addColumn('metered_at', 'text', (c) => c.notNull())
    /** The agent's answer (docs/listings.md#permission); null on rows from before it was asked. */
    .addColumn('permission_basis', 'text')
    .addColumn('permission_confirmed_at', 'text')
    .addColumn('permission_listing_agent', 'text')
    .addColumn('permission_brokerage', 'text')
    .addColumn('photo_url', 'text')
    .addColumn('bedrooms', 'integer')
    .addColumn('bathrooms', 'real')
    .addColumn('living_area_sqft', 'integer')
    /** Lower-cased, accent-free address, source id, agent and brokerage (listing-search.ts). */
    .addColumn('search_text', 'text', (c) => c.notNull())
    .execute()

  // Finds a listing's other conversions during the merge; dropped with the old table.
  await db.schema
    .createIndex('listings_merge_key')
    .on('listings')
    .columns(['user_id', 'source', 'source_id', 'created_at'])
    .execute()

  // Each listing's newest conversion (the latest time, the larger id on a tie) stands for it,
  // first converted when its earliest conversion was.
  await sql`
    insert into listings_workspace (
      id, user_id, source, source_id, url, address, price, listing_type, photo_count, data, draft,
      created_at, converted_at, metered_at, search_text
    )
    select
      l.id, l.user_id, l.source, l.source_id, l.url, l.address, l.price, l.listing_type,
      l.photo_count, l.data, l.draft,
      (
        select min(f.created_at) from listings f
        where f.user_id = l.user_id and f.source = l.source and f.source_id = l.source_id
      ),
      l.created_at, l.created_at, ''
    from listings l
    where not exists (
      select 1 from listings n
      where n.user_id = l.user_id and n.source = l.source and n.source_id = l.source_id
        and (n.created_at > l.created_at or (n.created_at = l.created_at and n.id > l.id))
    )
  `.execute(db)

  await db.schema.dropTable('listings').execute()
  await db.schema.alterTable('listings_workspace').renameTo('listings').execute()

  await fillSummaryColumns(db)

  await db.schema
    .createIndex('listings_user_source')
    .on('listings')
    .columns(['user_id', 'source', 'source_id'])
    .unique()
    .execute()
  await db.schema
    .createIndex('listings_user_converted')
    .on('listings')
    .columns(['user_id', 'converted_at', 'id'])
    .execute()
}

/** Photo, beds, baths, area and search text from each row's stored listing, a batch at a time. */
async function fillSummaryColumns(db: Kysely<unknown>): Promise<void> {
  const batchSize = 500
  let after = ''
  for (;;) {
    const rows = await sql<{ id: string; data: string }>`
      select id, data from listings where id > ${after} order by id limit ${batchSize}
    `.execute(db)
    for (const row of rows.rows) {
      // Stored by POST /listings/convert after validation against the same listing schema.
      const columns = listingSummaryColumns(JSON.parse(row.data) as NormalizedListing)
      await sql`
        update listings set
          photo_url = ${columns.photo_url},
          bedrooms = ${columns.bedrooms},
          bathrooms = ${columns.bathrooms},
          living_area_sqft = ${columns.living_area_sqft},
          search_text = ${columns.search_text}
        where id = ${row.id}
      `.execute(db)
    }
    const last = rows.rows[rows.rows.length - 1]
    if (!last || rows.rows.length < batchSize) return
    after = last.id
  }
}
