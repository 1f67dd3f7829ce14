import type { Handlers } from '../messages.ts'
import { conversionState, startConversion } from './conversion.ts'
import { draftPhoto, draftView, markFilled } from './drafts.ts'
import { listingOfTab } from './listing-source.ts'
import {
  adoptSiteSession,
  clearSiteSession,
  login,
  logout,
  sessionForSite,
  sessionStatus,
} from './session.ts'

function senderTab(sender: chrome.runtime.MessageSender): number {
  const tabId = sender.tab?.id
  if (tabId === undefined) throw new Error('Only a tab may ask for its draft.')
  return tabId
}

/** Messages from the popup. */
export const pageHandlers: Handlers<'page'> = {
  'session:status': () => sessionStatus(),
  'session:login': ({ email, password }) => login(email, password),
  'session:logout': () => logout(),
  'listing:get': ({ tabId, url }) => listingOfTab(tabId, url),
  'convert:start': ({ sourceTabId, listing }) => startConversion(sourceTabId, listing),
  'convert:status': async ({ sourceTabId }) => {
    const state = await conversionState()
    return state?.sourceTabId === sourceTabId ? state : null
  },
}

/** Messages from the Marketplace content script: always about the sender's own tab. */
export const contentHandlers: Handlers<'content'> = {
  'draft:get': (_payload, sender) => draftView(senderTab(sender)),
  'draft:photo': ({ index }, sender) => draftPhoto(senderTab(sender), index),
  'draft:filled': async (summary, sender) => {
    await markFilled(senderTab(sender), summary)
    return { ok: true as const }
  },
}

/** Messages from the site (session sharing). */
export const externalHandlers: Handlers<'external'> = {
  'session:set': (payload) => adoptSiteSession(payload),
  'session:clear': () => clearSiteSession(),
  'session:get': () => sessionForSite(),
}
