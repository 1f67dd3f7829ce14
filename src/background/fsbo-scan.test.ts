import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_EXPIRED_MESSAGE } from '../../api/client/api-error.ts'
import type { SaveLeadBody } from '../../api/schemas/leads.ts'
import { fsboFailure } from '../fsbo/fsbo-failure.ts'
import { isScanRunning } from '../fsbo/scan-state.ts'
import type { FsboPage } from '../fsbo/inspect-fsbo-page.ts'
import type { LeadSaveOutcome, ScanState } from '../messages.ts'
import { SESSION } from '../storage.ts'
import { installFakeChrome, type FakeChrome } from '../testing/fake-chrome.ts'
import {
  SCAN_INTERRUPTED_MESSAGE,
  SCAN_TAB_CLOSED_MESSAGE,
  blockedStopMessage,
  botCheckStopMessage,
  cancelScan,
  recoverInterruptedScan,
  scanState,
  startScan,
  type ScanDeps,
} from './fsbo-scan.ts'
import type { VisitResult } from './scan-tab.ts'

const RESULTS_TAB = 7
const SCAN_TAB = 200
const RESULTS_URL = 'https://fsbo.com/listings/search/results/?searchQuery=Miami'

const listingUrl = (id: number) => `https://fsbo.com/listings/listings/show/id/${id}/`

function leadOf(id: number): SaveLeadBody {
  return {
    source: 'fsbo_com',
    source_id: String(id),
    listing_url: listingUrl(id),
    owner_name: `Owner ${id}`,
    phone: '(305) 555-0199',
    email: null,
    address: { street: `${id} Main St`, city: 'Miami', state: 'FL', zip: '33145' },
    price: 400000,
    beds: 3,
    baths: 2,
    living_area_sqft: null,
    days_on_market: null,
    photo_url: null,
  }
}

const listingPage = (id: number): VisitResult => ({
  ok: true,
  page: { kind: 'listing', pageUrl: listingUrl(id), extraction: { ok: true, lead: leadOf(id) } },
})

const failedPage = (id: number, reason: 'bot-check' | 'no-data'): VisitResult => ({
  ok: true,
  page: { kind: 'listing', pageUrl: listingUrl(id), extraction: fsboFailure(reason, 'FSBO.com') },
})

interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
}

/** A promise settled from outside, to hold a visit or a pause where a test wants it. */
function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

let fake: FakeChrome
/** What happened, in order: visits (start and end), pauses, saves, tab open/close. */
let events: string[]

/** The results page in RESULTS_TAB links to `ids`; its content script says so. */
function resultsPage(ids: number[]): void {
  const page: FsboPage = {
    kind: 'results',
    pageUrl: RESULTS_URL,
    site: 'FSBO.com',
    links: ids.map(listingUrl),
  }
  fake.chrome.tabs.sendMessage.mockImplementation((tabId: number) =>
    tabId === RESULTS_TAB
      ? Promise.resolve({ ok: true, value: page })
      : Promise.reject(new Error('Receiving end does not exist.')),
  )
}

interface Harness {
  deps: ScanDeps
  /** Per listing id: what its visit answers (a listing with its lead by default). */
  visits: Map<number, VisitResult | Promise<VisitResult>>
  /** Per listing id: what saving its lead answers (created by default). */
  saves: Map<number, LeadSaveOutcome>
  pauses: number[]
  /** Set to hold the next pause until the test resolves it (or the scan is cancelled). */
  holdPause: Deferred<void> | null
  maxVisitsAtOnce: number
}

function harness(overrides: Partial<ScanDeps> = {}): Harness {
  const h: Harness = {
    visits: new Map(),
    saves: new Map(),
    pauses: [],
    holdPause: null,
    maxVisitsAtOnce: 0,
    deps: undefined as unknown as ScanDeps,
  }
  let visiting = 0
  const randoms = [0, 0.999, 0.5]
  let nextRandom = 0
  h.deps = {
    tabs: {
      open: vi.fn((source: number) => {
        events.push(`open beside ${source}`)
        return Promise.resolve(SCAN_TAB)
      }),
      visit: vi.fn(async (tabId: number, url: string) => {
        const id = Number(/\/id\/(\d+)/.exec(url)?.[1])
        events.push(`visit ${id} in ${tabId}`)
        visiting += 1
        h.maxVisitsAtOnce = Math.max(h.maxVisitsAtOnce, visiting)
        const result = await (h.visits.get(id) ?? listingPage(id))
        visiting -= 1
        events.push(`visited ${id}`)
        return result
      }),
      close: vi.fn((tabId: number) => {
        events.push(`close ${tabId}`)
        return Promise.resolve()
      }),
    },
    save: vi.fn((lead: SaveLeadBody): Promise<LeadSaveOutcome> => {
      events.push(`save ${lead.source_id}`)
      return Promise.resolve(
        h.saves.get(Number(lead.source_id)) ?? { ok: true, created: true, leadId: lead.source_id },
      )
    }),
    sleep: vi.fn(async (ms: number, signal: AbortSignal) => {
      events.push('pause')
      h.pauses.push(ms)
      const hold = h.holdPause
      if (!hold || signal.aborted) return
      h.holdPause = null
      signal.addEventListener('abort', () => {
        hold.resolve()
      })
      await hold.promise
    }),
    random: () => randoms[nextRandom++ % randoms.length] ?? 0,
    pauseMs: { min: 1500, max: 3000 },
    cap: 25,
    ...overrides,
  }
  return h
}

/** Every state the worker wrote, in order, for the popup to follow. */
function writtenStates(): ScanState[] {
  const states: ScanState[] = []
  fake.chrome.storage.onChanged.addListener((changes) => {
    const state = changes[SESSION.scan]?.newValue as ScanState | undefined
    if (state) states.push(state)
  })
  return states
}

/** Waits until the scan (if any) has ended and its run has let go of it. */
async function scanSettled(): Promise<void> {
  await vi.waitFor(async () => {
    expect(isScanRunning(await scanState())).toBe(false)
  })
  // The run lets go right after its last write.
  await new Promise((resolve) => setTimeout(resolve, 0))
}

/** Storage refuses the next write of a scan state that `matches` (once). */
function failScanWrite(matches: (state: ScanState) => boolean): void {
  const set = fake.session.set.bind(fake.session)
  let failed = false
  fake.session.set = (items) => {
    const state = items[SESSION.scan] as ScanState | undefined
    if (!failed && state && matches(state)) {
      failed = true
      return Promise.reject(new Error('Storage quota exceeded'))
    }
    return set(items)
  }
}

async function scanToTheEnd(h: Harness, ids: number[]): Promise<ScanState> {
  resultsPage(ids)
  const outcome = await startScan(RESULTS_TAB, h.deps)
  if (!outcome.ok) throw new Error(outcome.error.message)
  await scanSettled()
  const state = await scanState()
  if (!state) throw new Error('no scan state')
  return state
}

beforeEach(() => {
  fake = installFakeChrome()
  events = []
})
afterEach(async () => {
  await scanSettled()
  vi.unstubAllGlobals()
})

describe('a results scan', () => {
  it('visits the listings one at a time in one background tab, pausing between, saving each', async () => {
    const h = harness()
    h.saves.set(2, { ok: true, created: false, leadId: '2' })
    const states = writtenStates()
    const state = await scanToTheEnd(h, [1, 2, 3])

    expect(events).toEqual([
      'open beside 7',
      'visit 1 in 200',
      'visited 1',
      'save 1',
      'pause',
      'visit 2 in 200',
      'visited 2',
      'save 2',
      'pause',
      'visit 3 in 200',
      'visited 3',
      'save 3',
      'close 200',
    ])
    expect(h.maxVisitsAtOnce).toBe(1)
    // Pauses fall anywhere in the range.
    expect(h.pauses).toEqual([1500, 1500 + 0.999 * 1500])
    expect(state).toMatchObject({
      phase: 'done',
      site: 'FSBO.com',
      found: 3,
      total: 3,
      cap: 25,
      visited: 3,
      saved: 2,
      duplicates: 1,
      failed: 0,
      current: null,
      scanTabId: SCAN_TAB,
      stop: null,
    })
    // The popup sees the visits counted up in order, while the scan runs.
    const running = states.filter((s) => s.phase === 'running')
    expect([...new Set(running.map((s) => s.visited))]).toEqual([0, 1, 2, 3])
    expect(running.map((s) => s.current).filter(Boolean)).toContain(listingUrl(2))
  })

  it('visits at most the cap and says how many the page had', async () => {
    const h = harness({ cap: 4 })
    const state = await scanToTheEnd(h, [1, 2, 3, 4, 5, 6])
    expect(h.deps.tabs.visit).toHaveBeenCalledTimes(4)
    expect(state).toMatchObject({ phase: 'done', found: 6, total: 4, visited: 4, saved: 4 })
  })

  it('cancels after the visit under way, keeping its lead and those before', async () => {
    const h = harness()
    const second = deferred<VisitResult>()
    h.visits.set(2, second.promise)
    resultsPage([1, 2, 3])
    await startScan(RESULTS_TAB, h.deps)
    await vi.waitFor(() => {
      expect(events).toContain('visit 2 in 200')
    })

    const cancelling = await cancelScan()
    expect(cancelling?.phase).toBe('cancelling')
    second.resolve(listingPage(2))
    await scanSettled()

    expect(events.slice(-3)).toEqual(['visited 2', 'save 2', 'close 200'])
    expect(events).not.toContain('visit 3 in 200')
    expect(await scanState()).toMatchObject({
      phase: 'cancelled',
      visited: 2,
      saved: 2,
      stop: null,
      current: null,
    })
  })

  it('cancels at once during a pause', async () => {
    const h = harness()
    h.holdPause = deferred()
    resultsPage([1, 2, 3])
    await startScan(RESULTS_TAB, h.deps)
    await vi.waitFor(() => {
      expect(events).toContain('pause')
    })
    await cancelScan()
    await scanSettled()
    expect(events).toEqual([
      'open beside 7',
      'visit 1 in 200',
      'visited 1',
      'save 1',
      'pause',
      'close 200',
    ])
    expect(await scanState()).toMatchObject({ phase: 'cancelled', visited: 1, saved: 1 })
  })

  it('stops at a bot check, keeping what it saved, and closes its tab', async () => {
    const h = harness()
    h.visits.set(2, failedPage(2, 'bot-check'))
    const state = await scanToTheEnd(h, [1, 2, 3])
    expect(state).toMatchObject({
      phase: 'stopped',
      visited: 1,
      saved: 1,
      stop: { kind: 'bot-check', message: botCheckStopMessage('FSBO.com') },
    })
    expect(events).not.toContain('visit 3 in 200')
    expect(events.at(-1)).toBe('close 200')
  })

  it('stops when the trial is over (402), with the server’s message', async () => {
    const h = harness()
    const upgrade = 'Your 7-day free trial has ended. Choose a plan on the Pricing page.'
    h.saves.set(2, { ok: false, error: { kind: 'upgrade', message: upgrade } })
    const state = await scanToTheEnd(h, [1, 2, 3])
    expect(state).toMatchObject({
      phase: 'stopped',
      visited: 2,
      saved: 1,
      failed: 1,
      stop: { kind: 'upgrade', message: upgrade },
    })
    expect(events).not.toContain('visit 3 in 200')
  })

  it('stops when the session has expired or the server is unreachable', async () => {
    const h = harness()
    h.saves.set(1, { ok: false, error: { kind: 'session-expired', message: 'x' } })
    expect((await scanToTheEnd(h, [1, 2])).stop).toEqual({
      kind: 'session-expired',
      message: SESSION_EXPIRED_MESSAGE,
    })

    const offline = harness()
    offline.saves.set(1, { ok: false, error: { kind: 'offline', message: 'Could not reach' } })
    expect((await scanToTheEnd(offline, [1, 2])).stop).toEqual({
      kind: 'offline',
      message: 'Could not reach',
    })
  })

  it('counts a listing without a lead, or one the server refuses, as failed and goes on', async () => {
    const h = harness()
    h.visits.set(1, failedPage(1, 'no-data'))
    h.visits.set(2, { ok: false, reason: 'timeout' })
    // The page gave its lead; the server refused it (a bad phone): not a sign of being blocked.
    h.saves.set(3, { ok: false, error: { kind: 'rejected', message: 'Invalid phone' } })
    h.visits.set(4, failedPage(4, 'no-data'))
    const state = await scanToTheEnd(h, [1, 2, 3, 4, 5])
    expect(state).toMatchObject({ phase: 'done', visited: 5, saved: 1, failed: 4, stop: null })
  })

  it('stops when listing after listing has no lead: the site is likely refusing us', async () => {
    const h = harness()
    for (const id of [2, 3, 4]) h.visits.set(id, failedPage(id, 'no-data'))
    const state = await scanToTheEnd(h, [1, 2, 3, 4, 5, 6])
    expect(state).toMatchObject({
      phase: 'stopped',
      visited: 4,
      saved: 1,
      failed: 3,
      stop: { kind: 'blocked', message: blockedStopMessage('FSBO.com') },
    })
  })

  it('stops when the user closes the scan tab', async () => {
    const h = harness()
    h.visits.set(2, { ok: false, reason: 'tab-closed' })
    const state = await scanToTheEnd(h, [1, 2, 3])
    expect(state).toMatchObject({
      phase: 'stopped',
      visited: 1,
      saved: 1,
      stop: { kind: 'tab-closed', message: SCAN_TAB_CLOSED_MESSAGE },
    })
  })

  it('runs one scan at a time', async () => {
    const h = harness()
    h.holdPause = deferred()
    resultsPage([1, 2])
    // Two clicks at once: one scan starts, the other is told one runs.
    const outcomes = await Promise.all([
      startScan(RESULTS_TAB, h.deps),
      startScan(RESULTS_TAB, h.deps),
    ])
    expect(outcomes.map((o) => (o.ok ? 'started' : o.error.kind))).toEqual(['started', 'busy'])
    await vi.waitFor(() => {
      expect(events).toContain('pause')
    })
    expect(await startScan(RESULTS_TAB, h.deps)).toMatchObject({
      ok: false,
      error: { kind: 'busy' },
    })
    await cancelScan()
  })

  it('goes on writing its state after a write failed, and ends not running', async () => {
    const h = harness()
    failScanWrite((state) => state.current !== null)
    const state = await scanToTheEnd(h, [1, 2])
    expect(state).toMatchObject({ phase: 'stopped', stop: { kind: 'failed' }, current: null })
    expect(events).toContain(`close ${SCAN_TAB}`)
    resultsPage([3])
    expect(await startScan(RESULTS_TAB, h.deps)).toMatchObject({ ok: true })
  })

  it('lets a new scan start when its very first write failed', async () => {
    const h = harness()
    failScanWrite((state) => state.phase === 'running' && state.visited === 0)
    resultsPage([1])
    await expect(startScan(RESULTS_TAB, h.deps)).rejects.toThrow('Storage quota exceeded')
    expect(events).toEqual([])
    expect(await scanToTheEnd(h, [1])).toMatchObject({ phase: 'done', saved: 1 })
  })

  it('writes its ending again when that write failed', async () => {
    const h = harness()
    failScanWrite((state) => state.phase === 'done')
    const state = await scanToTheEnd(h, [1])
    expect(state).toMatchObject({ phase: 'done', saved: 1, current: null })
  })

  it('keeps the scan tab’s id before it visits anything, so a restarted worker can close it', async () => {
    const h = harness()
    const stored: (number | null | undefined)[] = []
    const visit = h.deps.tabs.visit
    h.deps.tabs.visit = async (tabId, url) => {
      stored.push((fake.session.data.get(SESSION.scan) as ScanState | undefined)?.scanTabId)
      return visit(tabId, url)
    }
    await scanToTheEnd(h, [1])
    expect(stored).toEqual([SCAN_TAB])
  })

  it('visits only https listing links of the sites it reads, whatever the page sent', async () => {
    const h = harness()
    const page: FsboPage = {
      kind: 'results',
      pageUrl: RESULTS_URL,
      site: 'FSBO.com',
      links: [
        listingUrl(1),
        'http://fsbo.com/listings/listings/show/id/2/',
        'https://evil.example/listings/listings/show/id/3/',
        'https://fsbo.com.evil.example/listings/listings/show/id/4/',
        '/listings/listings/show/id/5/',
        'javascript:alert(6)',
        'https://fsbo.com/account/delete',
        'https://www.forsalebyowner.com/listing/12-main-st/abc7',
      ],
    }
    fake.chrome.tabs.sendMessage.mockResolvedValue({ ok: true, value: page })
    const outcome = await startScan(RESULTS_TAB, h.deps)
    expect(outcome).toMatchObject({ ok: true, scan: { found: 2, total: 2 } })
    await scanSettled()
    expect(vi.mocked(h.deps.tabs.visit).mock.calls.map(([, url]) => url)).toEqual([
      listingUrl(1),
      'https://www.forsalebyowner.com/listing/12-main-st/abc7',
    ])

    fake.chrome.tabs.sendMessage.mockResolvedValue({
      ok: true,
      value: { ...page, links: ['https://evil.example/listings/listings/show/id/3/'] },
    })
    expect(await startScan(RESULTS_TAB, h.deps)).toMatchObject({
      ok: false,
      error: { kind: 'no-listings' },
    })
  })

  it('refuses a page without listings, and a results page behind a bot check', async () => {
    const h = harness()
    resultsPage([])
    expect(await startScan(RESULTS_TAB, h.deps)).toMatchObject({
      ok: false,
      error: { kind: 'no-listings' },
    })
    const blocked: FsboPage = {
      kind: 'blocked',
      pageUrl: RESULTS_URL,
      site: 'FSBO.com',
      message: 'Check',
    }
    fake.chrome.tabs.sendMessage.mockResolvedValue({ ok: true, value: blocked })
    expect(await startScan(RESULTS_TAB, h.deps)).toEqual({
      ok: false,
      error: { kind: 'bot-check', message: 'Check' },
    })
    // No content script: not a results page.
    fake.chrome.tabs.sendMessage.mockRejectedValue(new Error('Receiving end does not exist.'))
    expect(await startScan(RESULTS_TAB, h.deps)).toMatchObject({
      ok: false,
      error: { kind: 'no-listings' },
    })
    expect(h.deps.tabs.open).not.toHaveBeenCalled()
  })
})

describe('a worker restarted mid-scan', () => {
  const runningScan: ScanState = {
    scanId: 's1',
    sourceTabId: RESULTS_TAB,
    sourceUrl: 'https://www.forsalebyowner.com/search/list/austin-texas',
    site: 'ForSaleByOwner.com',
    phase: 'running',
    found: 3,
    total: 3,
    cap: 25,
    visited: 1,
    saved: 1,
    duplicates: 0,
    failed: 0,
    current: 'https://www.forsalebyowner.com/listing/a/b',
    scanTabId: SCAN_TAB,
    stop: null,
    startedAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:05.000Z',
  }

  it('marks the scan nobody drives any more as interrupted, keeps its counts, closes its tab', async () => {
    await fake.session.set({ [SESSION.scan]: runningScan })
    const tabs = { close: vi.fn(() => Promise.resolve()) }
    await recoverInterruptedScan(tabs)
    expect(await scanState()).toMatchObject({
      phase: 'stopped',
      visited: 1,
      saved: 1,
      current: null,
      stop: { kind: 'interrupted', message: SCAN_INTERRUPTED_MESSAGE },
    })
    expect(tabs.close).toHaveBeenCalledWith(SCAN_TAB)
  })

  it('ends a scan the user was cancelling as cancelled', async () => {
    await fake.session.set({ [SESSION.scan]: { ...runningScan, phase: 'cancelling' } })
    await recoverInterruptedScan({ close: () => Promise.resolve() })
    expect(await scanState()).toMatchObject({ phase: 'cancelled', stop: null })
  })

  it('leaves a finished scan alone', async () => {
    const done = { ...runningScan, phase: 'done' as const, current: null }
    await fake.session.set({ [SESSION.scan]: done })
    const tabs = { close: vi.fn(() => Promise.resolve()) }
    await recoverInterruptedScan(tabs)
    expect(await scanState()).toEqual(done)
    expect(tabs.close).not.toHaveBeenCalled()
  })
})
