import { extractionFailure, type ListingExtraction } from '../listing/listing-extraction.ts'
import { sendTabMessage } from '../messages.ts'
import { sourceOfListingUrl } from '../sources/extractors.ts'

/**
 * The listing on a tab, from the listing content script there. No content script means the tab is
 * not a listing page, or it is one that the site reached by in-app navigation or has not finished
 * loading (content scripts start with a page load): then a reload helps, and we say so.
 */
export async function listingOfTab(tabId: number, url: string | null): Promise<ListingExtraction> {
  try {
    return await sendTabMessage(tabId, 'listing:extract', {})
  } catch {
    const source = url === null ? null : sourceOfListingUrl(url)
    return extractionFailure(source === null ? 'not-a-listing' : 'no-data', source)
  }
}
