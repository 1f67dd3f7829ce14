/**
 * Zillow listing pages: answers the worker's "zillow:extract" with the listing on this page, and
 * "fsbo:inspect" with its owner's lead when the home is for sale by owner. Built as a
 * self-contained script (vite.config.ts), so the extractors are bundled in.
 */
import { extractZillowListing } from '../listing/zillow/extract-zillow-listing.ts'
import { isEnvelope, type Reply } from '../messages.ts'
import { answerFsboInspect } from './answer-fsbo-inspect.ts'

chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
  if (!isEnvelope(message) || message.type !== 'zillow:extract') return false
  let reply: Reply<'zillow:extract'>
  try {
    // Read at the moment of asking: Zillow navigates between homes without reloading.
    reply = { ok: true, value: extractZillowListing(document, location.href) }
  } catch (error) {
    reply = { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  sendResponse(reply)
  return false
})

chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) =>
  answerFsboInspect(message, sendResponse),
)
