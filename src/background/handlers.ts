import type { Handlers, LeadPageMessage } from '../messages.ts'
import { agentProfileLookup } from './agent-profile.ts'
import { conversionState, startConversion } from './conversion.ts'
import { draftPhoto, forgetDraftPhotos } from './draft-photos.ts'
import { draftView, markFilled } from './drafts.ts'
import { fillAgainFromSite } from './fill-again.ts'
import { postFillReport } from './fill-reports.ts'
import { currentFormProfile, refreshNow } from './form-profile.ts'
import { listingOfTab } from './listing-source.ts'
import {
  adoptSiteSession,
  clearSiteSession,
  login,
  logout,
  sessionForSite,
  sessionStatus,
} from './session.ts'
import { saveTaughtLabel } from './taught-labels.ts'

function senderTab(sender: chrome.runtime.MessageSender): number {
  const tabId = sender.tab?.id
  if (tabId === undefined) throw new Error('Only a tab may ask for its draft.')
  return tabId
}

/** Messages from the popup (FSBO leads' are in lead-handlers.ts). */
export const pageHandlers: Omit<Handlers<'page'>, LeadPageMessage> = {
  'session:status': () => sessionStatus(),
  'session:login': ({ email, password }) => login(email, password),
  'session:logout': () => logout(),
  'listing:get': ({ tabId, url }) => listingOfTab(tabId, url),
  'account:profile': () => agentProfileLookup(),
  'convert:start': ({ sourceTabId, listing, permission }) =>
    startConversion(sourceTabId, listing, permission),
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
    const record = await markFilled(senderTab(sender), summary)
    // A photo still downloading is still wanted (a reload asks for it); the tab's closing forgets.
    if (record && !record.photos.some((photo) => photo.state === 'downloading')) {
      forgetDraftPhotos(record.draftId)
    }
    return { ok: true as const }
  },
  // Not about the tab: what the form showed, for every fill alike.
  'fill:report': async (report) => {
    await postFillReport(report)
    return { ok: true as const }
  },
  'teach:save': async ({ field, label }) => {
    await saveTaughtLabel(field, label)
    return { ok: true as const }
  },
  'profile:refresh': async ({ version }) => {
    // Offline, the kept copy may still be newer than the tab's (fetched beside the conversion).
    const newest = (await refreshNow()) ?? (await currentFormProfile())
    return newest.version !== version ? newest : null
  },
}

/** Messages from the site: session sharing, and the Listings page's Fill again. */
export const externalHandlers: Handlers<'external'> = {
  'session:set': (payload) => adoptSiteSession(payload),
  'session:clear': () => clearSiteSession(),
  'session:get': () => sessionForSite(),
  'listing:fill-again': (payload, sender) => fillAgainFromSite(payload, sender),
}
