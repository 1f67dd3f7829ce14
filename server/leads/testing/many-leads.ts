import { newId } from '../../db/ids.ts'
import type { LeadRow } from '../../db/schema.ts'
import type { TestApp } from '../../testing/test-app.ts'

/**
 * `count` leads for `userId` written straight into the table (saving a thousand through the API
 * would take a while), one second apart, the first the oldest; `status(i)` picks each status.
 * Answers their ids, newest first, as the exports order them.
 */
export async function insertLeads(
  t: TestApp,
  userId: string,
  count: number,
  status: (i: number) => LeadRow['status'] = () => 'new',
): Promise<string[]> {
  const start = t.clock().getTime() - count * 1000
  const rows: LeadRow[] = Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i * 1000).toISOString()
    return {
      id: newId(),
      user_id: userId,
      source: 'fsbo_com',
      source_id: `bulk-${i}`,
      listing_url: `https://fsbo.com/listings/${i}`,
      owner_name: `Owner ${i}`,
      phone: null,
      email: null,
      street: `${i} Elm St`,
      city: 'Austin',
      state: 'TX',
      zip: null,
      address_key: null,
      price: null,
      beds: null,
      baths: null,
      living_area_sqft: null,
      days_on_market: null,
      photo_url: null,
      status: status(i),
      notes: '',
      search_text: `owner ${i} ${i} elm st austin tx`,
      created_at: at,
      updated_at: at,
    }
  })
  // In chunks: SQLite takes at most 32766 bound values in one statement.
  for (let i = 0; i < rows.length; i += 500) {
    await t.ctx.db
      .insertInto('leads')
      .values(rows.slice(i, i + 500))
      .execute()
  }
  return rows.map((r) => r.id).reverse()
}
