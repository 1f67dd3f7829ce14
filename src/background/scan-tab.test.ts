import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FsboPage } from '../fsbo/inspect-fsbo-page.ts'
import { installFakeChrome, type FakeChrome } from '../testing/fake-chrome.ts'
import { chromeScanTabDriver } from './scan-tab.ts'

const SOURCE_TAB = 7
const first = 'https://fsbo.com/listings/listings/show/id/546971/'
const second = 'https://fsbo.com/listings/listings/show/id/546964/'

const listingAt = (pageUrl: string): FsboPage => ({
  kind: 'listing',
  pageUrl,
  extraction: { ok: false, reason: 'no-data', message: 'none' },
})

let fake: FakeChrome
/** What the scan tab's content script answers, as its page changes; null: no content script. */
let shown: FsboPage | null
let open: Set<number>
let remove: ReturnType<typeof vi.fn<(tabId: number) => Promise<void>>>

beforeEach(() => {
  fake = installFakeChrome()
  shown = null
  open = new Set()
  remove = vi.fn((tabId: number) => {
    open.delete(tabId)
    return Promise.resolve()
  })
  Object.assign(fake.chrome.tabs, {
    get: vi.fn((tabId: number) =>
      open.has(tabId) ? Promise.resolve({ id: tabId }) : Promise.reject(new Error('No tab')),
    ),
    remove,
  })
  fake.chrome.tabs.sendMessage.mockImplementation(() =>
    shown
      ? Promise.resolve({ ok: true, value: shown })
      : Promise.reject(new Error('Receiving end does not exist.')),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the scan tab', () => {
  it('opens blank, in the background, beside the results page', async () => {
    const driver = chromeScanTabDriver()
    const tabId = await driver.open(SOURCE_TAB)
    expect(fake.chrome.tabs.create).toHaveBeenCalledWith({
      url: 'about:blank',
      active: false,
      openerTabId: SOURCE_TAB,
    })
    expect(tabId).toBe(100)
  })

  it('waits for the listing asked for: the previous one answers until the navigation commits', async () => {
    const driver = chromeScanTabDriver({ pollMs: 1 })
    const tabId = await driver.open(SOURCE_TAB)
    open.add(tabId)
    shown = listingAt(first)
    let asked = 0
    fake.chrome.tabs.sendMessage.mockImplementation(() => {
      asked += 1
      // Loading: the old page, then no content script, then the new page on another host spelling.
      if (asked === 3) shown = null
      if (asked === 5) shown = listingAt('https://www.fsbo.com/listings/listings/show/id/546964')
      return shown
        ? Promise.resolve({ ok: true, value: shown })
        : Promise.reject(new Error('Receiving end does not exist.'))
    })
    const visit = await driver.visit(tabId, second)
    expect(fake.chrome.tabs.update).toHaveBeenCalledWith(tabId, { url: second })
    expect(visit).toEqual({
      ok: true,
      page: listingAt('https://www.fsbo.com/listings/listings/show/id/546964'),
    })
    expect(asked).toBe(5)
  })

  it('gives up on a listing that never comes', async () => {
    const driver = chromeScanTabDriver({ pollMs: 1, visitTimeoutMs: 30 })
    const tabId = await driver.open(SOURCE_TAB)
    open.add(tabId)
    shown = {
      kind: 'results',
      pageUrl: 'https://fsbo.com/listings/search/results/',
      site: 'FSBO.com',
      links: [],
    }
    expect(await driver.visit(tabId, second)).toEqual({ ok: false, reason: 'timeout' })
  })

  it('does not go to a page that is no listing: it fails at once', async () => {
    const driver = chromeScanTabDriver({ pollMs: 1, visitTimeoutMs: 1_000 })
    const tabId = await driver.open(SOURCE_TAB)
    open.add(tabId)
    for (const url of ['https://evil.example/phish', 'javascript:alert(1)']) {
      expect(await driver.visit(tabId, url)).toEqual({ ok: false, reason: 'timeout' })
    }
    expect(fake.chrome.tabs.update).not.toHaveBeenCalled()
  })

  it('notices the user closed it, and closes it at the end', async () => {
    const driver = chromeScanTabDriver({ pollMs: 1 })
    const tabId = await driver.open(SOURCE_TAB)
    expect(await driver.visit(tabId, second)).toEqual({ ok: false, reason: 'tab-closed' })
    await driver.close(tabId)
    expect(remove).toHaveBeenCalledWith(tabId)
    // A tab gone before the navigation starts is closed too.
    fake.chrome.tabs.update.mockRejectedValueOnce(new Error('No tab with id: 100.'))
    expect(await driver.visit(tabId, second)).toEqual({ ok: false, reason: 'tab-closed' })
  })
})
