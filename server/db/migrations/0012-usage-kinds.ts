import { sql, type Kysely } from 'kysely'

/**
 * What each day's API calls were (docs/usage.md): `listings` converted and `leads` saved beside
 * `count`, which stays the day's total. Rows from before did not record the kind; where the
 * account's own rows prove it, they get it now: an account without a single lead saved none (a
 * save always leaves its lead, and leads go only with the account), so its calls were all
 * conversions, and one without a listing converted none. The rest stay unattributed (count larger
 * than listings + leads), and the dashboard says so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_usage_daily')
    .addColumn('listings', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('api_usage_daily')
    .addColumn('leads', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await sql`
    update api_usage_daily set listings = count
    where not exists (select 1 from leads where leads.user_id = api_usage_daily.user_id)
  `.execute(db)
  await sql`
    update api_usage_daily set leads = count
    where listings = 0
      and not exists (select 1 from listings where listings.user_id = api_usage_daily.user_id)
  `.execute(db)
}
