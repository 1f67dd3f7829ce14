import type { ListingSource } from '../../../../api/listing-sources.ts'
import type { ListingType } from '../../../../api/schemas/listings.ts'

/** What the agent narrowed the list to; '' is "any". */
export interface ListingFilters {
  q: string
  source: ListingSource | ''
  listing_type: ListingType | ''
}

export const NO_LISTING_FILTERS: ListingFilters = { q: '', source: '', listing_type: '' }

/** Rows per page: each carries a photo, so fewer than the leads table's. */
export const LISTINGS_PAGE_SIZE = 10

export const LISTING_TYPE_LABELS: Record<ListingType, string> = {
  sale: 'For sale',
  rent: 'For rent',
}

export function hasListingFilters(filters: ListingFilters): boolean {
  return filters.q !== '' || filters.source !== '' || filters.listing_type !== ''
}

/** The filters as query parameters: "any" is left out rather than sent empty. */
export function listingFilterQuery(filters: ListingFilters) {
  return {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.source ? { source: filters.source } : {}),
    ...(filters.listing_type ? { listing_type: filters.listing_type } : {}),
  }
}
