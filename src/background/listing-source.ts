import { extractionFailure } from '../listing/listing-extraction.ts'
import { listingZpidFromUrl } from '../listing/zillow/zillow-url.ts'
import { sendTabMessage, type ListingLookup } from '../messages.ts'

/**
 * The listing on a tab, from the Zillow content script there. No content script means the tab is
 * not a listing page, or it is one that Zillow reached by in-app navigation or has not finished
 * loading (content scripts start with a page load): then a reload helps, and we say so.
 */
export async function listingOfTab(tabId: number, url: string | null): Promise<ListingLookup> {
  try {
    return await sendTabMessage(tabId, 'zillow:extract', {})
  } catch {
    return extractionFailure(url && listingZpidFromUrl(url) ? 'no-data' : 'not-a-listing')
  }
}
