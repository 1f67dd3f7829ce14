import type { Kysely } from 'kysely'

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('listing_url', 'text', (c) => c.notNull())
    .addColumn('owner_name', 'text')
    /** E.164. */
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('street', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    /** The address normalized for de-duplication (lead-keys.ts); null when it has no street. */
    .addColumn('address_key', 'text')
    .addColumn('price', 'integer')
    .addColumn('beds', 'integer')
    .addColumn('baths', 'real')
    .addColumn('living_area_sqft', 'integer')
    .addColumn('days_on_market', 'integer')
    .addColumn('photo_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    /** Lower-cased name, phone, e-mail and address: what the search matches (portable LIKE). */
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('leads_user_source')
    .on('leads')
    .columns(['user_id', 'source', 'source_id'])
    .unique()
    .execute()
  await db.schema
    .createIndex('leads_user_phone_address')
    .on('leads')
    .columns(['user_id', 'phone', 'address_key'])
    .execute()
  await db.schema
    .createIndex('leads_user_created')
    .on('leads')
    .columns(['user_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('lead_webhooks')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    /** The HMAC key: kept as is, since signing needs it; shown to the user once. */
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('follow_up_boss_accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    /** The user's Follow Up Boss API key: kept as is, since every call presents it. */
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  /** The CRM delivery log: one row per attempt, to the user's webhook or to Follow Up Boss. */
  await db.schema
    .createTable('lead_crm_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** `webhook` or `follow_up_boss`. */
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('lead_count', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    /** 0 or 1. */
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('lead_crm_attempts_user')
    .on('lead_crm_attempts')
    .columns(['user_id', 'created_at'])
    .execute()
}
