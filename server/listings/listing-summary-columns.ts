import type { NormalizedListing } from '../../api/schemas/listing.ts'
import { listingSearchText } from './listing-search.ts'

/** What the Listings page shows and searches of a listing, in columns so a page never reads `data`. */
export interface ListingSummaryColumns {
  photo_url: string | null
  bedrooms: number | null
  bathrooms: number | null
  living_area_sqft: number | null
  search_text: string
}

export function listingSummaryColumns(listing: NormalizedListing): ListingSummaryColumns {
  return {
    photo_url: listing.photos[0] ?? null,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    living_area_sqft: listing.living_area_sqft,
    search_text: listingSearchText(listing),
  }
}
