import type { brand } from '../../api/brand.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'

/** Type-tied to the brand module without importing it at runtime (content scripts stay self-contained). */
const PRODUCT: (typeof brand)['name'] = 'ListingBridge'

/**
 * Why a page gave no listing: Zillow's bot check is showing, the page is not a listing, the page
 * holds another home's data (in-app navigation leaves the first page's data behind), or the page
 * carries no data we can read.
 */
export type ExtractionFailureReason = 'bot-check' | 'not-a-listing' | 'stale-page' | 'no-data'

export type ListingExtraction =
  | { ok: true; listing: NormalizedListing }
  | { ok: false; reason: ExtractionFailureReason; message: string }

/** What the popup tells the agent; each says what to do next. */
export const EXTRACTION_MESSAGES: Record<ExtractionFailureReason, string> = {
  'bot-check': `Zillow is asking you to prove you're human. Complete the check on the page, then open ${PRODUCT} again.`,
  'not-a-listing': `This page isn't a Zillow listing. Open a home's page on Zillow (its address contains /homedetails/), then open ${PRODUCT} again.`,
  'stale-page': `This Zillow tab still holds the details of the home you looked at before. Reload the page, then open ${PRODUCT} again.`,
  'no-data': `We couldn't find this home's details on the page. Reload the page, let it finish loading, then open ${PRODUCT} again.`,
}

export function extractionFailure(reason: ExtractionFailureReason): ListingExtraction {
  return { ok: false, reason, message: EXTRACTION_MESSAGES[reason] }
}
