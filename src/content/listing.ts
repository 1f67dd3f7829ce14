/**
 * Listing pages of every source (api/listing-sources.ts): answers the worker's "listing:extract"
 * with the listing on this page, and "fsbo:inspect" with its owner's lead when a Zillow home is
 * for sale by owner. Built as a self-contained script (vite.config.ts), so the extractors are
 * bundled in.
 */
import { extractionFailure } from '../listing/listing-extraction.ts'
import { isEnvelope, type Reply } from '../messages.ts'
import { SOURCE_EXTRACTORS, sourceOfListingUrl } from '../sources/extractors.ts'
import { answerFsboInspect } from './answer-fsbo-inspect.ts'

chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
  if (!isEnvelope(message) || message.type !== 'listing:extract') return false
  let reply: Reply<'listing:extract'>
  try {
    // Read at the moment of asking: the sites navigate between homes without reloading.
    const pageUrl = location.href
    const source = sourceOfListingUrl(pageUrl)
    const value =
      source === null
        ? extractionFailure('not-a-listing', null)
        : SOURCE_EXTRACTORS[source].extract(document, pageUrl)
    reply = { ok: true, value }
  } catch (error) {
    reply = { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  sendResponse(reply)
  return false
})

chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) =>
  answerFsboInspect(message, sendResponse),
)
