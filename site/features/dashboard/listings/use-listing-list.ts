import { usePagedList, type PagedList } from '../use-paged-list.ts'
import { listListings, type ListingsPage } from './api/list-listings.ts'
import { listingFilterQuery, LISTINGS_PAGE_SIZE, type ListingFilters } from './listing-filters.ts'

/**
 * GET /listings for the given filters and page. Answers that arrive after the filters changed are
 * dropped; a page past the end moves to the last page.
 */
export function useListingList(
  filters: ListingFilters,
  page: number,
  onPageOutOfRange: (lastPage: number) => void,
): PagedList<ListingsPage> {
  return usePagedList(
    filters,
    page,
    LISTINGS_PAGE_SIZE,
    () => listListings({ page, page_size: LISTINGS_PAGE_SIZE, ...listingFilterQuery(filters) }),
    onPageOutOfRange,
  )
}
