import { sql, type SelectQueryBuilder } from 'kysely'
import type { Lead, LeadSource, LeadStatus } from '../../api/schemas/leads.ts'
import type { Database, LeadRow } from '../db/schema.ts'
import { containsPattern } from '../db/like.ts'

/** A stored lead as the API shows it. */
export function toLead(row: LeadRow): Lead {
  return {
    _id: row.id,
    source: row.source,
    source_id: row.source_id,
    listing_url: row.listing_url,
    owner_name: row.owner_name,
    phone: row.phone,
    email: row.email,
    address: { street: row.street, city: row.city, state: row.state, zip: row.zip },
    price: row.price,
    beds: row.beds,
    baths: row.baths,
    living_area_sqft: row.living_area_sqft,
    days_on_market: row.days_on_market,
    photo_url: row.photo_url,
    status: row.status,
    notes: row.notes,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export interface LeadFilters {
  status?: LeadStatus | undefined
  source?: LeadSource | undefined
  q?: string | undefined
  ids?: string[] | undefined
}

/** The caller's leads narrowed by the list and export filters. */
export function filterLeads<O>(
  query: SelectQueryBuilder<Database, 'leads', O>,
  userId: string,
  filters: LeadFilters,
): SelectQueryBuilder<Database, 'leads', O> {
  let q = query.where('leads.user_id', '=', userId)
  if (filters.status) q = q.where('leads.status', '=', filters.status)
  if (filters.source) q = q.where('leads.source', '=', filters.source)
  if (filters.ids) q = q.where('leads.id', 'in', filters.ids.length ? filters.ids : [''])
  const text = filters.q?.trim()
  if (text) {
    const terms = text.split(/\s+/).slice(0, 10)
    for (const term of terms) {
      // Every word must match; "(415) 555-0123" also matches by its digits.
      const digits = term.replace(/\D/g, '')
      const alternatives = [containsPattern(term.toLowerCase())]
      if (digits.length >= 3 && digits !== term) alternatives.push(containsPattern(digits))
      q = q.where((eb) =>
        eb.or(
          alternatives.map(
            (pattern) => sql<boolean>`${eb.ref('leads.search_text')} like ${pattern} escape '\\'`,
          ),
        ),
      )
    }
  }
  return q
}
