import type { NormalizedListing } from '../../api/schemas/listing.ts'

/**
 * Lower case without accents, whitespace collapsed. The stored search text and the query are both
 * put this way in JavaScript: SQLite's lower() knows ASCII only, so the database never folds case.
 */
export function searchable(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/**
 * What the Listings search finds a listing by: street, city, state, ZIP, the source's listing id,
 * the listing agent and the brokerage, one per line (a search word never spans two of them).
 */
export function listingSearchText(
  listing: Pick<NormalizedListing, 'address' | 'source_id' | 'listing_agent' | 'broker'>,
): string {
  const { street, city, state, zip } = listing.address
  return [
    street,
    city,
    state,
    zip,
    listing.source_id,
    listing.listing_agent?.name,
    listing.broker?.name,
  ]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map(searchable)
    .join('\n')
}

/** Words beyond these add nothing a person types but a slower query. */
const MAX_SEARCH_TERMS = 10

/**
 * The query's words, each to be found somewhere in the search text. Commas, periods and quotes
 * around a word are dropped ("Lakeview Ave., San Francisco" finds "661 Lakeview Ave"); anything
 * else is searched as typed.
 */
export function searchTerms(q: string): string[] {
  return searchable(q)
    .split(' ')
    .map((term) => term.replace(/^[,;:.()"'’]+|[,;:.()"'’]+$/gu, ''))
    .filter((term) => term !== '')
    .slice(0, MAX_SEARCH_TERMS)
}
