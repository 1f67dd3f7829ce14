import { fsboListingKey } from '../fsbo/fsbo-site-urls.ts'
import type { FsboPage } from '../fsbo/inspect-fsbo-page.ts'
import { fsboPageOfTab } from './fsbo-page-source.ts'

export type VisitResult =
  | { ok: true; page: FsboPage }
  /** `timeout`: the listing never answered (it redirected elsewhere, or hangs). */
  | { ok: false; reason: 'tab-closed' | 'timeout' }

/** The one background tab a scan visits listings in. The runner's only way to the browser. */
export interface ScanTabDriver {
  /** Opens the tab, blank and in the background, beside the results page; answers its id. */
  open: (sourceTabId: number) => Promise<number>
  /** Loads `url` there and answers what its content script reads once that listing is up. */
  visit: (tabId: number, url: string) => Promise<VisitResult>
  close: (tabId: number) => Promise<void>
}

export interface ScanTabOptions {
  /** How long a listing may take to load before the visit counts as failed. */
  visitTimeoutMs?: number
  /** How often the tab is asked whether the listing is there. */
  pollMs?: number
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms)
  })

async function tabExists(tabId: number): Promise<boolean> {
  return chrome.tabs.get(tabId).then(
    () => true,
    () => false,
  )
}

/**
 * The driver on chrome.tabs, with no permission beyond the content script's match patterns:
 * the tab's URL is never read (that would take "tabs"); instead its content script says which
 * page it is on, and the visit waits until that is the listing asked for (the previous listing
 * answers until the navigation commits).
 */
export function chromeScanTabDriver({
  visitTimeoutMs = 20_000,
  pollMs = 250,
}: ScanTabOptions = {}): ScanTabDriver {
  return {
    async open(sourceTabId) {
      const tab = await chrome.tabs.create({
        url: 'about:blank',
        active: false,
        openerTabId: sourceTabId,
      })
      if (tab.id === undefined) throw new Error('The browser did not open a tab.')
      return tab.id
    },

    async visit(tabId, url) {
      const wanted = fsboListingKey(url)
      // No listing page could ever answer for it: don't go there, nor wait for it.
      if (wanted === null) return { ok: false, reason: 'timeout' }
      try {
        await chrome.tabs.update(tabId, { url })
      } catch {
        return { ok: false, reason: 'tab-closed' }
      }
      const deadline = Date.now() + visitTimeoutMs
      for (;;) {
        await delay(pollMs)
        if (!(await tabExists(tabId))) return { ok: false, reason: 'tab-closed' }
        const page = await fsboPageOfTab(tabId)
        if (page.kind !== 'other' && fsboListingKey(page.pageUrl) === wanted) {
          return { ok: true, page }
        }
        if (Date.now() > deadline) return { ok: false, reason: 'timeout' }
      }
    },

    async close(tabId) {
      await chrome.tabs.remove(tabId).catch(() => undefined)
    },
  }
}
