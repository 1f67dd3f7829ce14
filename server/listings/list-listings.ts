import { sql, type SelectQueryBuilder } from 'kysely'
import { routes } from '../../api/routes.ts'
import type { ListListingsQuery } from '../../api/schemas/listings.ts'
import type { Database } from '../db/schema.ts'
import { defineRoute } from '../http/define-route.ts'
import { containsPattern } from '../db/like.ts'
import { searchTerms } from './listing-search.ts'

/** The caller's listings narrowed by source, type and the search words (each must match). */
function filterListings<O>(
  query: SelectQueryBuilder<Database, 'listings', O>,
  userId: string,
  filters: Pick<ListListingsQuery, 'q' | 'source' | 'listing_type'>,
): SelectQueryBuilder<Database, 'listings', O> {
  let q = query.where('listings.user_id', '=', userId)
  if (filters.source) q = q.where('listings.source', '=', filters.source)
  if (filters.listing_type) q = q.where('listings.listing_type', '=', filters.listing_type)
  for (const term of searchTerms(filters.q ?? '')) {
    q = q.where(
      sql<boolean>`${sql.ref('listings.search_text')} like ${containsPattern(term)} escape '\\'`,
    )
  }
  return q
}

/** GET /listings: the caller's converted listings, last converted first, a page at a time. */
export default defineRoute(routes.listListings, async ({ query, userId }, ctx) => {
  const { page, page_size: pageSize, ...filters } = query
  const [rows, total] = await Promise.all([
    filterListings(ctx.db.selectFrom('listings'), userId, filters)
      .select([
        'id',
        'source',
        'source_id',
        'url',
        'address',
        'price',
        'listing_type',
        'photo_count',
        'photo_url',
        'bedrooms',
        'bathrooms',
        'living_area_sqft',
        'created_at',
        'converted_at',
        'permission_basis',
        'permission_confirmed_at',
        'permission_listing_agent',
        'permission_brokerage',
      ])
      .orderBy('converted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filterListings(
      ctx.db.selectFrom('listings').select((eb) => eb.fn.countAll<number | string>().as('n')),
      userId,
      filters,
    ).executeTakeFirstOrThrow(),
  ])
  return {
    data: {
      items: rows.map((r) => ({
        _id: r.id,
        source: r.source,
        source_id: r.source_id,
        url: r.url,
        address: r.address,
        price: r.price,
        listing_type: r.listing_type,
        photo_count: r.photo_count,
        photo_url: r.photo_url,
        bedrooms: r.bedrooms,
        bathrooms: r.bathrooms,
        living_area_sqft: r.living_area_sqft,
        created_at: r.created_at,
        converted_at: r.converted_at,
        permission:
          r.permission_basis === null || r.permission_confirmed_at === null
            ? null
            : {
                basis: r.permission_basis,
                confirmed_at: r.permission_confirmed_at,
                listing_agent: r.permission_listing_agent,
                brokerage: r.permission_brokerage,
              },
      })),
      page,
      page_size: pageSize,
      total: Number(total.n),
    },
  }
})
