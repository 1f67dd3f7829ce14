/**
 * The service worker. Chrome stops it when idle and starts it again on the next event, so it
 * keeps nothing in variables that matters: the session, the conversion, the FSBO scan and the
 * pending drafts are in chrome.storage, the photos in Cache Storage. Listeners are registered
 * synchronously at the top level, as Chrome requires for events to wake the worker.
 */
// First: zod's settings must be in place before any schema is built (the module says why).
import '../../api/zod-jitless.ts'
import { dispatch, type Handler, type Handlers, type Channel } from '../messages.ts'
import { RETIRED_LOCAL_KEYS, removeKeys } from '../storage.ts'
import { recoverInterruptedConversion } from './conversion.ts'
import { forgetDraftPhotos } from './draft-photos.ts'
import { discardDraft } from './drafts.ts'
import { recoverInterruptedScan } from './fsbo-scan.ts'
import { contentHandlers, externalHandlers, pageHandlers } from './handlers.ts'
import { leadHandlers } from './lead-handlers.ts'
import { deleteAllPhotos } from './photo-store.ts'
import { acceptInternal, isSiteSender } from './senders.ts'
import { closeStorageToContentScripts } from './storage-access.ts'

/** Every handler waits for the start-up check, so it never mistakes a new run for a dead one. */
const ready = Promise.all([
  closeStorageToContentScripts(),
  recoverInterruptedConversion().catch(() => undefined),
  recoverInterruptedScan().catch(() => undefined),
])

function afterReady<C extends Channel>(handlers: Handlers<C>): Handlers<C> {
  const wrapped: Record<string, Handler<never>> = {}
  for (const [type, handler] of Object.entries(handlers) as [string, Handler<never>][]) {
    wrapped[type] = async (payload, sender) => {
      await ready
      return handler(payload, sender)
    }
  }
  return wrapped as unknown as Handlers<C>
}

const internal = afterReady<'page' | 'content'>({
  ...pageHandlers,
  ...leadHandlers,
  ...contentHandlers,
})
const external = afterReady<'external'>(externalHandlers)

chrome.runtime.onMessage.addListener((message, sender, sendResponse) =>
  dispatch(internal, acceptInternal, message, sender, sendResponse),
)

chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) =>
  dispatch(external, (_type, from) => isSiteSender(from), message, sender, sendResponse),
)

// A closed Marketplace tab's draft and photos are of no more use.
chrome.tabs.onRemoved.addListener((tabId) => {
  void discardDraft(tabId).then((draftId) => {
    if (draftId) forgetDraftPhotos(draftId)
  })
})

// chrome.storage.session is empty after a browser start or an update of the extension; photos
// kept for drafts it held are orphans.
chrome.runtime.onStartup.addListener(() => {
  void deleteAllPhotos()
})
chrome.runtime.onInstalled.addListener(() => {
  void deleteAllPhotos()
  void removeKeys('local', [...RETIRED_LOCAL_KEYS]).catch(() => undefined)
})
