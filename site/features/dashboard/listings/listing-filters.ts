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

export interface PageRange {
  pageCount: number
  /** 1-based index of the first and last row shown; 0 and 0 when there are none. */
  first: number
  last: number
}

/** Where a page of `shown` rows out of `total` sits, from the server's own page size. */
export function pageRange(page: number, pageSize: number, shown: number, total: number): PageRange {
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const first = shown === 0 ? 0 : (page - 1) * pageSize + 1
  return { pageCount, first, last: shown === 0 ? 0 : first + shown - 1 }
}
