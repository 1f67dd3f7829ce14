import type { brand } from '../../api/brand.ts'
import {
  LISTING_SOURCE_SITES,
  listingSourceNames,
  type ListingSource,
} from '../../api/listing-sources.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'

/** Type-tied to the brand module without bundling it into content scripts. */
const PRODUCT: (typeof brand)['name'] = 'ListingBridge'

/**
 * Why a page gave no listing: the site's bot check is showing, the page is not a listing, the page
 * holds another home's data (in-app navigation leaves the first page's data behind), or the page
 * carries no data we can read.
 */
export type ExtractionFailureReason = 'bot-check' | 'not-a-listing' | 'stale-page' | 'no-data'

export type ListingExtraction =
  | { ok: true; listing: NormalizedListing }
  | { ok: false; reason: ExtractionFailureReason; message: string }

/** What the popup tells the agent; each says what to do next. */
export function extractionMessage(
  reason: ExtractionFailureReason,
  source: ListingSource | null,
): string {
  const site = source === null ? 'The site' : LISTING_SOURCE_SITES[source].name
  switch (reason) {
    case 'bot-check':
      return `${site} is asking you to prove you're human. Complete the check on the page, then open ${PRODUCT} again.`
    case 'not-a-listing':
      return `This page isn't a listing ${PRODUCT} can read. Open a home's page on ${listingSourceNames()}, then open ${PRODUCT} again.`
    case 'stale-page':
      return `This ${source === null ? '' : `${site} `}tab still holds the details of the home you looked at before. Reload the page, then open ${PRODUCT} again.`
    case 'no-data':
      return `We couldn't find this home's details on the page. Reload the page, let it finish loading, then open ${PRODUCT} again.`
  }
}

export function extractionFailure(
  reason: ExtractionFailureReason,
  source: ListingSource | null,
): ListingExtraction {
  return { ok: false, reason, message: extractionMessage(reason, source) }
}
