import type { ListingSource } from '../../api/listing-sources.ts'
import type { ListingExtraction } from '../listing/listing-extraction.ts'
import { extractRealtorListing } from './realtor/extract-realtor-listing.ts'
import { realtorListingIdFromUrl } from './realtor/realtor-url.ts'
import { extractRedfinListing } from './redfin/extract-redfin-listing.ts'
import { redfinListingIdFromUrl } from './redfin/redfin-url.ts'
import { extractZillowListing } from './zillow/extract-zillow-listing.ts'
import { listingZpidFromUrl } from './zillow/zillow-url.ts'

/** What the extension needs of a source's folder; the source's data is in api/listing-sources.ts. */
export interface SourceExtractor {
  /** The source's id of the home a listing page URL shows; `null` for every other URL. */
  listingIdFromUrl: (pageUrl: string) => string | null
  /** The listing on the page, or why there is none. Pure: reads the document, changes nothing. */
  extract: (doc: Document, pageUrl: string) => ListingExtraction
}

/** Every source of the registry has its extractor here: the type makes a missing one an error. */
export const SOURCE_EXTRACTORS: { readonly [S in ListingSource]: SourceExtractor } = {
  zillow: { listingIdFromUrl: listingZpidFromUrl, extract: extractZillowListing },
  realtor: { listingIdFromUrl: realtorListingIdFromUrl, extract: extractRealtorListing },
  redfin: { listingIdFromUrl: redfinListingIdFromUrl, extract: extractRedfinListing },
}

/** The source whose listing page `pageUrl` is, or `null`. */
export function sourceOfListingUrl(pageUrl: string): ListingSource | null {
  for (const source of Object.keys(SOURCE_EXTRACTORS) as ListingSource[]) {
    if (SOURCE_EXTRACTORS[source].listingIdFromUrl(pageUrl) !== null) return source
  }
  return null
}
