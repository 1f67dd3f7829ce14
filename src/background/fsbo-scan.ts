import { brand } from '../../api/brand.ts'
import { DEFAULT_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../../api/client/api-error.ts'
import type { SaveLeadBody } from '../../api/schemas/leads.ts'
import type { FsboResultsSite } from '../fsbo/inspect-fsbo-page.ts'
import { isScannableListingUrl } from '../fsbo/fsbo-site-urls.ts'
import { SCAN_CAP, SCAN_PAUSE_MS } from '../fsbo/scan-limits.ts'
import { isScanRunning } from '../fsbo/scan-state.ts'
import type {
  LeadSaveOutcome,
  ScanPhase,
  ScanStartOutcome,
  ScanState,
  ScanStop,
  ScanStopKind,
} from '../messages.ts'
import { SESSION, readValue, writeValues } from '../storage.ts'
import { fsboPageOfTab } from './fsbo-page-source.ts'
import { saveLead } from './lead-save.ts'
import { chromeScanTabDriver, type ScanTabDriver } from './scan-tab.ts'

/**
 * Scanning a search-results page politely: one listing at a time, in one background tab, a
 * pause of a few seconds between visits, at most SCAN_CAP listings; each lead is saved as soon as
 * it is read, so however the scan ends, what it found is kept. Its progress is written to
 * chrome.storage.session, which the popup watches (it may close and reopen at any time).
 */

/** Page after page without a lead means the site is refusing us: stop rather than hammer it. */
export const MAX_FAILURES_IN_A_ROW = 3

export const SCAN_BUSY_MESSAGE = 'A scan is already running. Wait for it to finish, or cancel it.'
export const NO_LISTINGS_MESSAGE =
  'No listings found on this page. Open a search results page that lists homes, then try again.'
export const SCAN_INTERRUPTED_MESSAGE = `The scan was interrupted (the browser stopped ${brand.name} in the background). Scan again to go on.`
export const SCAN_TAB_CLOSED_MESSAGE = 'The scan tab was closed, so the scan stopped.'

export function botCheckStopMessage(site: FsboResultsSite): string {
  return `${site} is asking to check you're human, so the scan stopped. Reload the results page, complete the check, then scan again.`
}

export function blockedStopMessage(site: FsboResultsSite): string {
  return `${site} stopped showing listings (${MAX_FAILURES_IN_A_ROW} in a row had no owner details), so the scan stopped. Try again later.`
}

export interface ScanDeps {
  tabs: ScanTabDriver
  save: (lead: SaveLeadBody) => Promise<LeadSaveOutcome>
  /** Waits `ms`, or less when `signal` aborts (Cancel during a pause stops at once). */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>
  /** In [0, 1): where in the pause range this pause falls. */
  random: () => number
  pauseMs: { min: number; max: number }
  cap: number
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve()
      return
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
  })
}

export const defaultScanDeps: ScanDeps = {
  tabs: chromeScanTabDriver(),
  save: (lead) => saveLead(lead),
  sleep: abortableSleep,
  random: Math.random,
  pauseMs: SCAN_PAUSE_MS,
  cap: SCAN_CAP,
}

export async function scanState(): Promise<ScanState | null> {
  return (await readValue<ScanState>('session', SESSION.scan)) ?? null
}

async function writeState(state: ScanState): Promise<void> {
  await writeValues('session', { [SESSION.scan]: state })
}

/** The scan this worker drives: its state is written only through here, in order. */
interface ActiveScan {
  controller: AbortController
  state: ScanState
  update: (patch: Partial<ScanState>) => Promise<void>
}

let active: ActiveScan | null = null

function activeScan(state: ScanState): ActiveScan {
  let written = Promise.resolve()
  const scan: ActiveScan = {
    controller: new AbortController(),
    state,
    update(patch) {
      scan.state = { ...scan.state, ...patch, updatedAt: new Date().toISOString() }
      const snapshot = scan.state
      // A failed write rejects this update only: the next one writes anyway.
      written = written.catch(() => undefined).then(() => writeState(snapshot))
      return written
    },
  }
  return scan
}

/** Save failures that would fail for every lead after it: the scan stops on them. */
const STOPPING_SAVE_FAILURES: ReadonlySet<string> = new Set<ScanStopKind>([
  'upgrade',
  'session-expired',
  'offline',
  'server',
])

function stopFor(kind: ScanStopKind, message: string): ScanStop {
  return { kind, message }
}

/** What one visit came to: a count to add, and a reason to stop when the scan cannot go on. */
type VisitOutcome =
  | { count: 'saved' | 'duplicates' }
  /** `pageFailed`: the page gave no lead (not: the server refused the lead it gave). */
  | { count: 'failed'; pageFailed: boolean }
  | { count: 'failed' | null; stop: ScanStop }

async function visitOne(
  tabId: number,
  url: string,
  site: FsboResultsSite,
  deps: ScanDeps,
): Promise<VisitOutcome> {
  const visit = await deps.tabs.visit(tabId, url)
  if (!visit.ok) {
    return visit.reason === 'tab-closed'
      ? { count: null, stop: stopFor('tab-closed', SCAN_TAB_CLOSED_MESSAGE) }
      : { count: 'failed', pageFailed: true }
  }
  const { page } = visit
  const botCheck =
    page.kind === 'blocked' ||
    (page.kind === 'listing' && !page.extraction.ok && page.extraction.reason === 'bot-check')
  if (botCheck) return { count: null, stop: stopFor('bot-check', botCheckStopMessage(site)) }
  if (page.kind !== 'listing' || !page.extraction.ok) return { count: 'failed', pageFailed: true }

  const outcome = await deps.save(page.extraction.lead)
  if (outcome.ok) return { count: outcome.created ? 'saved' : 'duplicates' }
  const { kind, message } = outcome.error
  if (STOPPING_SAVE_FAILURES.has(kind)) {
    // Read but not saved: it counts as failed, and the reason would fail every lead after it.
    const text = kind === 'session-expired' ? SESSION_EXPIRED_MESSAGE : message
    return { count: 'failed', stop: stopFor(kind as ScanStopKind, text) }
  }
  return { count: 'failed', pageFailed: false }
}

/** Visits, extracts and saves, listing by listing; answers how the scan ended. */
async function visitAll(
  scan: ActiveScan,
  links: readonly string[],
  deps: ScanDeps,
): Promise<{ phase: ScanPhase; stop: ScanStop | null }> {
  const { site, total } = scan.state
  const signal = scan.controller.signal
  const tabId = await deps.tabs.open(scan.state.sourceTabId)
  await scan.update({ scanTabId: tabId })
  let pagesFailedInARow = 0
  for (const [index, url] of links.slice(0, total).entries()) {
    if (index > 0 && !signal.aborted) {
      const { min, max } = deps.pauseMs
      await deps.sleep(min + deps.random() * (max - min), signal)
    }
    if (signal.aborted) return { phase: 'cancelled', stop: null }
    await scan.update({ current: url })

    const outcome = await visitOne(tabId, url, site, deps)
    if (outcome.count !== null) {
      await scan.update({
        visited: scan.state.visited + 1,
        [outcome.count]: scan.state[outcome.count] + 1,
      })
    }
    if ('stop' in outcome) return { phase: 'stopped', stop: outcome.stop }
    pagesFailedInARow = 'pageFailed' in outcome && outcome.pageFailed ? pagesFailedInARow + 1 : 0
    if (pagesFailedInARow >= MAX_FAILURES_IN_A_ROW && index < total - 1) {
      return { phase: 'stopped', stop: stopFor('blocked', blockedStopMessage(site)) }
    }
  }
  return { phase: 'done', stop: null }
}

async function run(scan: ActiveScan, links: readonly string[], deps: ScanDeps): Promise<void> {
  let ending: { phase: ScanPhase; stop: ScanStop | null }
  try {
    ending = await visitAll(scan, links, deps)
  } catch {
    ending = { phase: 'stopped', stop: stopFor('failed', DEFAULT_ERROR_MESSAGE) }
  }
  try {
    if (scan.state.scanTabId !== null) await deps.tabs.close(scan.state.scanTabId)
    // Once more if it failed: a scan left "running" in storage refuses every later start.
    await scan.update({ ...ending, current: null }).catch(() => writeState(scan.state))
  } finally {
    if (active === scan) active = null
  }
}

/** A start is between its checks and its first write: a second one must wait its turn. */
let starting = false

/**
 * Starts scanning the results page in `sourceTabId` and answers at once; the scan goes on in
 * the worker. Its links are read from the page again here, so what is visited is what the page
 * shows now (and only listing links our content script found).
 */
export async function startScan(
  sourceTabId: number,
  deps: ScanDeps = defaultScanDeps,
): Promise<ScanStartOutcome> {
  if (starting || active !== null) {
    return { ok: false, error: { kind: 'busy', message: SCAN_BUSY_MESSAGE } }
  }
  starting = true
  try {
    return await beginScan(sourceTabId, deps)
  } finally {
    starting = false
  }
}

async function beginScan(sourceTabId: number, deps: ScanDeps): Promise<ScanStartOutcome> {
  if (isScanRunning(await scanState())) {
    return { ok: false, error: { kind: 'busy', message: SCAN_BUSY_MESSAGE } }
  }
  const page = await fsboPageOfTab(sourceTabId)
  if (page.kind === 'blocked') {
    return { ok: false, error: { kind: 'bot-check', message: page.message } }
  }
  // The page's content script says what the links are; the tab goes only to listings we read.
  const links = page.kind === 'results' ? page.links.filter(isScannableListingUrl) : []
  if (page.kind !== 'results' || links.length === 0) {
    return { ok: false, error: { kind: 'no-listings', message: NO_LISTINGS_MESSAGE } }
  }
  const now = new Date().toISOString()
  const scan = activeScan({
    scanId: crypto.randomUUID(),
    sourceTabId,
    sourceUrl: page.pageUrl,
    site: page.site,
    phase: 'running',
    found: links.length,
    total: Math.min(links.length, deps.cap),
    cap: deps.cap,
    visited: 0,
    saved: 0,
    duplicates: 0,
    failed: 0,
    current: null,
    scanTabId: null,
    stop: null,
    startedAt: now,
    updatedAt: now,
  })
  active = scan
  try {
    await scan.update({})
  } catch (error) {
    // Nothing started: the next click may try again.
    active = null
    throw error
  }
  // Not awaited: the popup gets its answer now and follows the scan in storage.
  void run(scan, links, deps).catch(() => undefined)
  return { ok: true, scan: scan.state }
}

/**
 * Cancel: the visit under way finishes (its lead is saved), then the scan stops; a pause ends at
 * once. What was saved stays saved.
 */
export async function cancelScan(): Promise<ScanState | null> {
  const scan = active
  if (!scan || scan.state.phase !== 'running') return scanState()
  await scan.update({ phase: 'cancelling' })
  scan.controller.abort()
  return scan.state
}

/**
 * Runs when the worker starts. A scan marked as running was driven by a worker Chrome has since
 * stopped: say so (its saved leads are on the server), and close its tab, which nothing drives.
 */
export async function recoverInterruptedScan(
  tabs: Pick<ScanTabDriver, 'close'> = defaultScanDeps.tabs,
): Promise<void> {
  const state = await scanState()
  if (!state || !isScanRunning(state)) return
  const ending: Pick<ScanState, 'phase' | 'stop'> =
    state.phase === 'cancelling'
      ? { phase: 'cancelled', stop: null }
      : { phase: 'stopped', stop: stopFor('interrupted', SCAN_INTERRUPTED_MESSAGE) }
  await writeState({ ...state, ...ending, current: null, updatedAt: new Date().toISOString() })
  if (state.scanTabId !== null) await tabs.close(state.scanTabId)
}
