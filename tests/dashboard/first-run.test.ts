/**
 * A new agent's first dashboard in real Chromium against a real server: the first-run checklist
 * in a browser without the extension (its install step not done), its links reached with the
 * keyboard, and the numbers replacing it once a listing is converted (POST /listings/convert, as
 * the extension sends it), with the lead step left below them until a lead is saved (POST /leads).
 * The install step done with the real extension is in tests/extension/site-session.test.ts.
 * Screenshots at 375 and 1280 px go to test-results/screenshots/.
 */
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVerifiedAccount, type TestAccount } from '../support/accounts.ts'
import { startBrowserAndServer, type BrowserAndServer } from '../support/browser-and-server.ts'
import {
  attributeOf,
  horizontalOverflow,
  nextFrames,
  open,
  textOf,
  textsOf,
  waitForPath,
  waitForText,
} from '../support/page.ts'
import { screenshotDir } from '../support/paths.ts'
import type { RunningServer } from '../support/server.ts'
import { signedOut, signIn } from '../support/site.ts'
import { accessToken, saveLead } from './leads-data.ts'
import { convertListing, saveAgentProfile } from './listings-data.ts'

let server: RunningServer
let session: BrowserAndServer
let page: Page
let pageErrors: string[]
let account: TestAccount
let token: string

beforeAll(async () => {
  session = await startBrowserAndServer()
  ;({ server, page, pageErrors } = session)
  account = await createVerifiedAccount(server, 'first-run')
  token = await accessToken(server, account)
})

afterAll(async () => {
  await session.close()
})

/** Runs `code` in the page (this project has no DOM types; the page does). */
function inPage<T>(code: string): Promise<T> {
  return page.evaluate(code) as Promise<T>
}

async function shot(name: string, width: 375 | 1280): Promise<void> {
  await page.setViewport({ width, height: 900 })
  // The chart redraws at the new width once its resize observer has run.
  await page.waitForFunction(`[...document.querySelectorAll('[data-usage-chart]')].every((chart) =>
    (chart.querySelector('.uplot')?.getBoundingClientRect().width ?? 0) <= chart.clientWidth)`)
  await nextFrames(page)
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true })
  expect(await horizontalOverflow(page), `${name} at ${width} px is wider than the screen`).toBe(0)
  expect(await textsOf(page, 'h1'), `${name} at ${width} px has one h1`).toHaveLength(1)
}

/** Each step of the checklist on screen: its key and whether it says it is done. */
async function steps(): Promise<[string | null, string | null][]> {
  return inPage(`[...document.querySelectorAll('[data-setup-step]')].map((step) => [
    step.getAttribute('data-setup-step'),
    step.getAttribute('data-done'),
  ])`)
}

describe('a new agent’s first dashboard', () => {
  it('is a checklist of five steps, the install step not done in a browser without the extension', async () => {
    await page.setViewport({ width: 1280, height: 900 })
    await signedOut(page, server.url)
    await signIn(page, server.url, account)
    await waitForText(page, 'Not found in this browser.', '[data-setup-step="install"]')
    expect(await steps()).toEqual([
      ['install', 'false'],
      ['profile', 'false'],
      ['open', 'false'],
      ['convert', 'false'],
      ['lead', 'false'],
    ])
    expect(await textOf(page, '[data-first-run] h2')).toBe('Get set up')
    await waitForText(page, '0 of 5 done', '[data-first-run]')
    // No numbers yet: no cards, no chart.
    expect(await page.$('[data-card]')).toBeNull()
    expect(await attributeOf(page, '[data-setup-step="install"] a', 'href')).toContain(
      'chromewebstore.google.com',
    )
    await shot('dashboard-first-run', 1280)
    await shot('dashboard-first-run', 375)
    expect(pageErrors).toEqual([])
  })

  it('reaches the checklist’s links with Tab and follows one with Enter', async () => {
    await page.setViewport({ width: 1280, height: 900 })
    await open(page, `${server.url}/dashboard`)
    await page.waitForSelector('[data-first-run]')
    const links = await textsOf(page, '[data-first-run] a')
    expect(links).toEqual([
      'Add to Chrome (opens in a new tab)',
      'Open Settings',
      'Zillow (opens in a new tab)',
      'Realtor.com (opens in a new tab)',
      'Redfin (opens in a new tab)',
      'About leads',
    ])
    const focusedInChecklist = () =>
      inPage<string | null>(
        `document.activeElement?.closest('[data-first-run]') ? document.activeElement.textContent : null`,
      )
    const reached: string[] = []
    for (let i = 0; i < 40 && reached.length < links.length; i++) {
      await page.keyboard.press('Tab')
      const label = await focusedInChecklist()
      if (label !== null) reached.push(label)
    }
    expect(reached).toEqual(links)
    // Focus stays on "About leads", the last; Enter opens the Leads page.
    await page.keyboard.press('Enter')
    await waitForPath(page, '/dashboard/leads')
    expect(pageErrors).toEqual([])
  })

  it('shows the numbers once a listing is converted, and the lead step still to do below them', async () => {
    await page.setViewport({ width: 1280, height: 900 })
    // The agent profile saved on Settings.
    await saveAgentProfile(server, token, {
      listing_name: 'Pat First-run',
      license_number: null,
      license_state: null,
      brokerage: 'First Run Realty',
    })
    await open(page, `${server.url}/dashboard`)
    await page.waitForSelector('[data-first-run]')

    // Converted with the extension in another tab; coming back here loads the dashboard again.
    const converted = await convertListing(server, token, {
      source: 'zillow',
      source_id: '2078001',
      street: '14 First Run Rd',
      price: 525000,
    })
    expect(converted.metered).toBe(true)
    await page.evaluate(`window.dispatchEvent(new Event('focus'))`)
    await page.waitForSelector('[data-card="total"]')
    expect(await page.$('[data-first-run]')).toBeNull()
    expect(await textOf(page, '[data-card="total"] p:nth-of-type(2)')).toBe('1')
    expect(await textOf(page, '[data-card="today"] [data-card-kinds]')).toBe('1 listing · 0 leads')
    await waitForText(page, 'An API call is a listing converted', 'main')
    await page.waitForSelector('[data-usage-chart] .uplot[data-bar-parts]')
    expect(
      (await attributeOf(page, '[data-usage-chart] .uplot', 'data-bar-parts'))?.split(',').at(-1),
    ).toMatch(/^[1-9][\d.]*\/0\/0$/)

    // The extension is proven by the conversion; only the lead is left.
    await waitForText(page, '4 of 5 done', '[data-finish-setup]')
    expect(await steps()).toEqual([['lead', 'false']])
    await shot('dashboard-finish-setup', 1280)
    await shot('dashboard-finish-setup', 375)
    expect(pageErrors).toEqual([])
  })

  it('splits the numbers once a lead is saved, with nothing left to set up', async () => {
    await saveLead(server, token, {
      source: 'fsbo_com',
      source_id: '88001',
      listing_url: 'https://fsbo.com/listings/listings/show/id/88001/',
      owner_name: 'Robin Seller',
      phone: '(512) 555-0123',
      email: null,
      address: { street: '3 Seller St', city: 'Austin', state: 'TX', zip: '78704' },
      price: 410000,
      beds: 3,
      baths: 2,
      living_area_sqft: 1600,
      days_on_market: 2,
      photo_url: null,
    })
    await page.setViewport({ width: 1280, height: 900 })
    await open(page, `${server.url}/dashboard`)
    await page.waitForSelector('[data-usage-chart] .uplot[data-bar-parts]')
    expect(await textOf(page, '[data-card="total"] p:nth-of-type(2)')).toBe('2')
    expect(await textOf(page, '[data-card="total"] [data-card-kinds]')).toBe('1 listing · 1 lead')
    expect(await textsOf(page, '[data-chart-legend] li')).toEqual([
      'Listings converted',
      'Leads saved',
    ])
    // Today's bar: half listing, half lead.
    const today = ((await attributeOf(page, '[data-usage-chart] .uplot', 'data-bar-parts')) ?? '')
      .split(',')
      .at(-1)
      ?.split('/')
      .map(Number)
    expect(today?.[0]).toBeGreaterThan(0)
    expect(today?.[0]).toBeCloseTo(today?.[1] ?? 0, 1)
    expect(await page.$('[data-finish-setup]')).toBeNull()
    await shot('dashboard-numbers', 1280)
    await shot('dashboard-numbers', 375)
    expect(pageErrors).toEqual([])
  })
})
