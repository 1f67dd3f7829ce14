/**
 * FSBO leads with the built extension in real Chromium (issue 7), at the sites' real hostnames
 * mapped to loopback, so the manifest's match patterns are what is tested: Save lead on an
 * FSBO.com listing and on a Zillow listing sold by its owner; Scan this page on FSBO.com's search
 * results (every lead saved on the server, one visit at a time with a pause between, in one
 * background tab that closes at the end); a scan of ForSaleByOwner.com's results cancelled midway
 * (what it saved stays); a scan whose worker Chrome stops (the popup says it was interrupted);
 * and Save lead once the trial is over (the upgrade link).
 *
 * The tests run in order and share the browser, the account and its leads.
 */
import { TargetType, type Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestAccount } from '../support/accounts.ts'
import {
  STORAGE,
  linkOf,
  popupLogin,
  popupText,
  screenshotPopup,
  storedValue,
  until,
} from '../support/extension.ts'
import {
  createAgent,
  endTrial,
  ENV_TIMEOUT_MS,
  savedLeads,
  startExtensionEnv,
  type ApiSession,
  type ExtensionEnv,
} from '../support/extension-env.ts'
import type { FsboRequest } from '../support/fixture-web.ts'

/** The scan's state as the worker keeps it (src/messages.ts ScanState), what the tests read. */
interface StoredScan {
  phase: 'running' | 'cancelling' | 'done' | 'cancelled' | 'stopped'
  total: number
  visited: number
  saved: number
  duplicates: number
  failed: number
  scanTabId: number | null
  stop: { kind: string; message: string } | null
}

/** The pause the worker keeps between two visits (src/fsbo/scan-limits.ts). */
const MIN_PAUSE_MS = 1500
const SCAN_TIMEOUT_MS = 60_000

const MIAMI_LISTINGS = [
  'fsbo-com-listing-miami-house.html',
  'fsbo-com-listing-miami-condo.html',
  'fsbo-com-listing-miami-hammocks.html',
  'fsbo-com-listing-miami-bungalow.html',
]
const AUSTIN_LISTINGS = [
  'forsalebyowner-listing-austin-house.html',
  'forsalebyowner-listing-austin-bouldin.html',
  'forsalebyowner-listing-austin-oak-creek.html',
]

let env: ExtensionEnv
let account: TestAccount
let session: ApiSession
let tab: Page
const urls = {
  miamiResults: '',
  austinResults: '',
  miamiHouse: '',
  zillowFsbo: '',
}

beforeAll(async () => {
  env = await startExtensionEnv()
  tab = env.ext.page
  const { web, server } = env
  for (const file of [...MIAMI_LISTINGS, ...AUSTIN_LISTINGS]) web.fsboPage(file)
  urls.miamiHouse = web.fsboPage('fsbo-com-listing-miami-house.html')
  urls.miamiResults = web.fsboPage('fsbo-com-search-results-miami.html')
  urls.austinResults = web.fsboPage('forsalebyowner-search-results-austin.html')
  urls.zillowFsbo = web.fsboPage('zillow-fsbo-sf-house.html')
  ;({ account, session } = await createAgent(server, 'fsbo'))
}, ENV_TIMEOUT_MS)

afterAll(async () => {
  await env.close()
}, ENV_TIMEOUT_MS)

/** The popup over `tab` at `url`, logged in (the first time through its login form). */
async function popupAt(url: string): Promise<Page> {
  await tab.goto(url, { waitUntil: 'load' })
  const popup = await env.ext.openPopup(tab)
  await popup.waitForSelector('input[type="email"], button.link-button')
  if (await popup.$('input[type="email"]')) {
    await popupLogin(popup, account)
    await popupText(popup, `Signed in as ${account.email}`)
  }
  return popup
}

/** Clicks the button showing `text`, once the popup shows it. */
async function click(popup: Page, text: string): Promise<void> {
  await popupText(popup, text, 'button')
  await popup.locator(`::-p-text(${text})`).click()
}

async function storedScan(): Promise<StoredScan | undefined> {
  return storedValue<StoredScan>(await env.ext.worker(), 'session', STORAGE.scan)
}

async function untilScan(what: string, ready: (scan: StoredScan) => boolean): Promise<StoredScan> {
  let last: StoredScan | undefined
  await until(
    what,
    async () => {
      last = await storedScan()
      return last !== undefined && ready(last)
    },
    SCAN_TIMEOUT_MS,
  )
  if (!last) throw new Error('no scan state')
  return last
}

/** Tabs showing an FSBO listing: the scan's tab while it runs. */
function listingTabs(): string[] {
  return env.ext.browser
    .targets()
    .filter((t) => t.type() === TargetType.PAGE)
    .map((t) => t.url())
    .filter((u) => /\/listings\/listings\/show\/id\/|forsalebyowner\.com\/listing\//.test(u))
}

/** The scan's visits: navigations to listing pages from `since` on, in order. */
function listingVisits(since: number): FsboRequest[] {
  return env.web
    .fsboRequests()
    .filter((r) => r.startedAt >= since && r.dest === 'document' && !/\/search\//.test(r.url))
}

function expectOneAtATimeWithPauses(visits: FsboRequest[]): void {
  for (const [i, visit] of visits.entries()) {
    const before = visits[i - 1]
    if (!before) continue
    expect(before.finishedAt).not.toBeNull()
    // The next page is asked for only after the one before was answered, read, saved and a pause.
    expect(visit.startedAt - (before.finishedAt ?? Infinity)).toBeGreaterThanOrEqual(MIN_PAUSE_MS)
  }
}

describe('FSBO leads in the extension', () => {
  it('saves the lead of an FSBO.com listing, and says so again as an update', async () => {
    const popup = await popupAt(urls.miamiHouse)
    const lead = await popupText(popup, 'José & María Pérez', '[aria-label="Owner lead"]')
    for (const text of [
      '(305) 555-0199',
      'jm.perez.home@example.com',
      '2150 SW 23rd Ter',
      'Miami, FL 33145',
      '$485,000',
      '3 bd · 2 ba · 1,640 sqft',
    ]) {
      expect(lead).toContain(text)
    }
    await screenshotPopup(popup, 'fsbo-lead')

    await click(popup, 'Save lead')
    await popupText(popup, 'Saved to your leads.', '[role="status"]')
    expect(await linkOf(popup, '.lead .leads-link')).toEqual({
      text: 'See your leads',
      href: `${env.server.url}/dashboard/leads`,
      target: '_blank',
    })
    await screenshotPopup(popup, 'fsbo-lead-saved')
    await click(popup, 'Save lead')
    await popupText(popup, 'Already saved — updated.', '[role="status"]')

    const leads = await savedLeads(env.server, session)
    expect(leads).toHaveLength(1)
    expect(leads[0]).toMatchObject({
      source: 'fsbo_com',
      source_id: '546971',
      owner_name: 'José & María Pérez',
      phone: '+13055550199',
      email: 'jm.perez.home@example.com',
      address: { street: '2150 SW 23rd Ter', city: 'Miami', state: 'FL', zip: '33145' },
      price: 485000,
      beds: 3,
      baths: 2,
    })
    await popup.close()
  })

  it('offers both the conversion and Save lead on a Zillow listing sold by its owner', async () => {
    const popup = await popupAt(urls.zillowFsbo)
    await popupText(popup, "Dana O'Neil", '[aria-label="Owner lead"]')
    // Convert shows once the agent profile has come (its box unticked: another agent's listing).
    await popup.waitForSelector('::-p-text(Convert to Marketplace listing)')
    await screenshotPopup(popup, 'zillow-fsbo-lead')
    await click(popup, 'Save lead')
    await popupText(popup, 'Saved to your leads.', '[role="status"]')
    await screenshotPopup(popup, 'zillow-fsbo-lead-saved')
    const [zillowLead] = await savedLeads(env.server, session, 'zillow_fsbo')
    expect(zillowLead).toMatchObject({ source_id: '15192198', phone: '+14155550142' })
    await popup.close()
  })

  it('scans FSBO.com results: every lead saved, one visit at a time, in one tab closed after', async () => {
    let popup = await popupAt(urls.miamiResults)
    await popupText(popup, 'Found 4 listings on this page.')
    await screenshotPopup(popup, 'scan-offer')
    const started = Date.now()
    await click(popup, 'Scan this page')
    await popupText(popup, 'Scanning listing', '[aria-label="Scan progress"]')
    await screenshotPopup(popup, 'scan-progress')

    // The popup closes (the user clicks away); reopened, it still shows the scan going on.
    await popup.close()
    const midway = await untilScan('a listing saved', (s) => s.visited >= 1)
    expect(listingTabs()).toHaveLength(1)
    popup = await env.ext.openPopup(tab)
    if (midway.visited < midway.total) {
      await popupText(popup, 'Scanning listing', '[aria-label="Scan progress"]')
    }

    const done = await untilScan('the scan to finish', (s) => s.phase === 'done')
    // The house was saved in the first test: one update, three new.
    expect(done).toMatchObject({ total: 4, visited: 4, saved: 3, duplicates: 1, failed: 0 })
    await popupText(popup, 'Scan finished: visited 4 of 4 listings.')
    await screenshotPopup(popup, 'scan-done')
    expect(await linkOf(popup, '.scan .leads-link')).toMatchObject({
      href: `${env.server.url}/dashboard/leads`,
    })

    const leads = await savedLeads(env.server, session, 'fsbo_com')
    expect(leads.map((l) => [l.source_id, l.owner_name, l.phone]).sort()).toEqual([
      ['546950', 'Marcus Bell', '+13055550112'],
      ['546957', 'Linda Cho', '+13055550177'],
      ['546964', 'Walter Gómez', '+17865550134'],
      ['546971', 'José & María Pérez', '+13055550199'],
    ])

    const visits = listingVisits(started)
    expect(visits.map((v) => new URL(v.url).pathname.replace(/\/$/, ''))).toEqual([
      '/listings/listings/show/id/546971',
      '/listings/listings/show/id/546964',
      '/listings/listings/show/id/546957',
      '/listings/listings/show/id/546950',
    ])
    expect(new URL(visits[3]?.url ?? '').hostname).toBe('www.fsbo.com')
    expectOneAtATimeWithPauses(visits)
    await until('the scan tab to close', () => listingTabs().length === 0)
    await popup.close()
  })

  it('cancels a ForSaleByOwner.com scan midway, keeping what it saved, and closes its tab', async () => {
    const popup = await popupAt(urls.austinResults)
    await popupText(popup, 'Found 3 listings on this page.')
    const started = Date.now()
    await click(popup, 'Scan this page')
    await untilScan('a listing saved', (s) => s.visited >= 1)
    await click(popup, 'Cancel scan')

    const cancelled = await untilScan('the scan to stop', (s) => s.phase === 'cancelled')
    expect(cancelled.visited).toBeGreaterThanOrEqual(1)
    expect(cancelled.visited).toBeLessThan(3)
    await popupText(popup, `Scan cancelled after ${cancelled.visited} of 3 listings.`)
    await screenshotPopup(popup, 'scan-cancelled')

    const leads = await savedLeads(env.server, session, 'forsalebyowner_com')
    expect(leads).toHaveLength(cancelled.saved)
    expect(cancelled.saved).toBe(cancelled.visited)
    expect(listingVisits(started)).toHaveLength(cancelled.visited)
    await until('the scan tab to close', () => listingTabs().length === 0)
    await popup.close()
  })

  it('says a scan was interrupted when Chrome stopped the worker, and closes its tab', async () => {
    const popup = await popupAt(urls.miamiResults)
    // The first listing loads, the second waits at the site: the worker is stopped mid-scan
    // however long stopping it takes (a loaded machine could otherwise finish the scan first).
    const hold = env.web.holdFsbo(1)
    try {
      // Scanned before: the leads are updated, not added.
      await click(popup, 'Scan this page')
      await hold.requested
      await untilScan('a listing visited', (s) => s.visited >= 1)
      expect(listingTabs()).toHaveLength(1)
      await popup.close()
      await env.ext.stopWorker()

      // Any event starts the worker again; here a tab closing (it listens for tabs.onRemoved).
      // The new worker finds a scan marked as running that nothing drives.
      const other = await env.ext.browser.newPage()
      await other.close()
      await tab.bringToFront()
      const reopened = await env.ext.openPopup(tab)
      await popupText(reopened, 'The scan was interrupted', '[role="alert"]')
      await screenshotPopup(reopened, 'scan-interrupted')
      const interrupted = await storedScan()
      expect(interrupted).toMatchObject({ phase: 'stopped', stop: { kind: 'interrupted' } })
      await until('the scan tab to close', () => listingTabs().length === 0)
      expect(await savedLeads(env.server, session, 'fsbo_com')).toHaveLength(4)
      await reopened.close()
    } finally {
      hold.release()
    }
  })

  it('shows the trial-over message and the Upgrade link when saving a lead, and keeps the lead', async () => {
    endTrial(env.server, account.email)
    const popup = await popupAt(urls.miamiHouse)
    await click(popup, 'Save lead')
    await popupText(popup, 'trial has ended', '[role="alert"][data-kind="upgrade"]')
    expect(await linkOf(popup, '[role="alert"] a')).toEqual({
      text: 'Upgrade',
      href: `${env.server.url}/pricing`,
      target: '_blank',
    })
    await popupText(popup, 'José & María Pérez', '[aria-label="Owner lead"]')
    await screenshotPopup(popup, 'fsbo-lead-trial-over')
    await popup.close()
  })
})
