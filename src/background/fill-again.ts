import { fillAgainRequest, type FillAgainOutcome } from '../../api/extension-messages.ts'
import { startFillAgain } from './conversion.ts'
import { chromeTokenStore } from './token-store.ts'

export const NOT_LOGGED_IN_MESSAGE =
  'The ListingBridge extension is not logged in. Open it from the toolbar, log in, then try again.'
export const INVALID_LISTING_MESSAGE = 'This listing cannot be filled again.'
export const NO_SOURCE_TAB_MESSAGE = 'Fill again works from a tab of the ListingBridge site.'

/**
 * The site's Fill again: the same pipeline as the popup's Convert, with the stored listing's draft
 * and the site's tab as the one Marketplace opens beside. Answered once Marketplace is open, or
 * with why not in the conversion's own kinds, for the site to show.
 */
export async function fillAgainFromSite(
  payload: unknown,
  sender: chrome.runtime.MessageSender,
): Promise<FillAgainOutcome> {
  const parsed = fillAgainRequest.safeParse(payload)
  if (!parsed.success) {
    return { ok: false, error: { kind: 'rejected', message: INVALID_LISTING_MESSAGE } }
  }
  const sourceTabId = sender.tab?.id
  if (sourceTabId === undefined) {
    return { ok: false, error: { kind: 'failed', message: NO_SOURCE_TAB_MESSAGE } }
  }
  // Without a session there is nothing to call the server with: said before any state is written.
  if (!(await chromeTokenStore.getRefreshToken())) {
    return { ok: false, error: { kind: 'session-expired', message: NOT_LOGGED_IN_MESSAGE } }
  }
  const outcome = await startFillAgain(sourceTabId, parsed.data.listing_id)
  return outcome.ok ? { ok: true } : outcome
}
