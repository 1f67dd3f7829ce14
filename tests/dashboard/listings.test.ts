/**
 * The dashboard's Listings page in real Chromium against a real server: 23 listings converted
 * through the API as the extension converts them, listed last converted first with their photos
 * (served by the loopback "web" at the sources' real photo hosts, so the site's Content Security
 * Policy is exercised), paged, searched and filtered by the server; a new agent's first steps;
 * Fill again in a browser without the extension. Screenshots at 1280 and 375 px go to
 * test-results/screenshots/ for a person to look at.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPEAT_CONVERSION_RULE } from '../../site/content/metering-rule.ts'
import { createVerifiedAccount, type TestAccount } from '../support/accounts.ts'
import { collectPageErrors, launchBrowser, type LaunchedBrowser } from '../support/browser.ts'
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.ts'
import { renderListingPhoto } from '../support/listing-photo.ts'
import {
  attributeOf,
  fill,
  horizontalOverflow,
  nextFrames,
  textsOf,
  waitForPath,
  waitForText,
} from '../support/page.ts'
import { screenshotDir } from '../support/paths.ts'
import { startServer, type RunningServer } from '../support/server.ts'
import { signedOut, signIn } from '../support/site.ts'
import { usDate } from './data.ts'
import { accessToken } from './leads-data.ts'
import { convertListing, saveAgentProfile, type SeedListing } from './listings-data.ts'

let server: RunningServer
let web: FixtureWeb
let chromium: LaunchedBrowser
let page: Page
let pageErrors: string[]
let account: TestAccount

const SOURCES = ['zillow', 'realtor', 'redfin'] as const
const STREETS = ['Birch Ln', 'Cedar Ave', 'Elm St', 'Juniper Dr', 'Willow Way']

/** 22 listings of other agents, with permission, then the agent's own at Magnolia Ct (last). */
const seeds: SeedListing[] = [
  ...Array.from({ length: 22 }, (_, i): SeedListing => ({
    source: SOURCES[i % 3] ?? 'zillow',
    source_id: String(2077100 + i),
    street: `${100 + i} ${STREETS[i % STREETS.length] ?? 'Oak St'}`,
    // Every fourth is a rental, its price a monthly rent.
    rent: i % 4 === 1,
    price: i % 4 === 1 ? 2000 + i * 50 : 400000 + i * 10000,
    // One without photos: the placeholder.
    photos: i === 20 ? 0 : 4,
  })),
  {
    source: 'zillow',
    source_id: '2077999',
    street: '7 Magnolia Ct',
    price: 615000,
    bedrooms: 4,
    bathrooms: 2.5,
    sqft: 2380,
    agent: 'Pat Rivera',
    brokerage: 'Rivera Realty',
  },
]

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[server, web] = await Promise.all([startServer(), startFixtureWeb()])
  // The photo hosts resolve to the loopback web, whose certificate nothing has to trust.
  chromium = await launchBrowser({ args: [web.resolverArg, '--ignore-certificate-errors'] })
  page = chromium.page
  pageErrors = collectPageErrors(page)
  web.setPhoto(await renderListingPhoto(page))

  account = await createVerifiedAccount(server, 'listings')
  const token = await accessToken(server, account)
  await saveAgentProfile(server, token, {
    listing_name: 'Pat Rivera',
    license_number: 'TX-0711',
    license_state: 'TX',
    brokerage: 'Rivera Realty',
  })
  // One at a time: the list's order is the order of conversion.
  for (const seed of seeds) {
    const own = seed.agent === 'Pat Rivera'
    await convertListing(server, token, seed, own ? 'own_listing' : 'broker_permission')
  }
})

afterAll(async () => {
  await Promise.all([chromium.close(), server.stop(), web.close()])
})

async function shot(name: string, width: 375 | 1280): Promise<void> {
  await page.setViewport({ width, height: 900 })
  // From the top: a sticky header drawn mid-page is not what a person sees.
  await page.evaluate(() => {
    window.scrollTo({ top: 0, behavior: 'instant' })
  })
  // Photos are decoded off the main thread: a full-page shot waits for all of them.
  await page.evaluate(() =>
    Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined))),
  )
  await nextFrames(page)
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true })
  expect(await horizontalOverflow(page), `${name} at ${width} px is wider than the screen`).toBe(0)
}

/** The addresses of the rows on screen, in order. */
async function addresses(): Promise<string[]> {
  return textsOf(page, 'main tbody tr td:first-child > span > span:first-child')
}

async function waitForAddresses(count: number, first?: string): Promise<string[]> {
  await page.waitForFunction(
    (n: number, head: string | null) => {
      const rows = Array.from(
        document.querySelectorAll('main tbody tr td:first-child > span > span:first-child'),
        (el) => el.textContent,
      )
      return rows.length === n && (head === null || rows[0] === head)
    },
    {},
    count,
    first ?? null,
  )
  return addresses()
}

/** Whether every photo in the rows has loaded (a real image, not the placeholder). */
async function photosLoaded(): Promise<{ loaded: number; placeholders: number }> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('main tbody img')).every((img) => img.complete),
  )
  return page.evaluate(() => ({
    loaded: Array.from(document.querySelectorAll('main tbody img')).filter(
      (img) => img.naturalWidth > 0,
    ).length,
    placeholders: document.querySelectorAll('main tbody [data-placeholder="true"]').length,
  }))
}

const MAGNOLIA = '7 Magnolia Ct, Austin, TX 78704'

/** Empties the search box with the keyboard (setting the value directly would not reach React). */
async function clearSearch(): Promise<void> {
  await page.click('main input[type="search"]', { count: 3 })
  await page.keyboard.press('Backspace')
}
// Page globals for the page callbacks (this project has no DOM library).
declare const window: { scrollTo: (options: { top: number; behavior: 'instant' }) => void }
declare const document: {
  images: ArrayLike<{ decode: () => Promise<void> }>
  querySelectorAll: (
    s: string,
  ) => ArrayLike<{ textContent: string | null; complete: boolean; naturalWidth: number }>
}

describe('listings page', () => {
  it('tells a new agent what to do first', async () => {
    const newcomer = await createVerifiedAccount(server, 'no-listings')
    await page.setViewport({ width: 1280, height: 900 })
    await signIn(page, server.url, newcomer)
    await page.locator('aside nav a::-p-text(Listings)').click()
    await waitForPath(page, '/dashboard/listings')
    const text = await waitForText(page, 'No listings yet', 'main [role="status"]')
    expect(text).toContain('Open a listing on Zillow, Realtor.com or Redfin')
    expect(text).toContain('Convert')
    expect(await page.$('main a[href^="https://chromewebstore.google.com"]')).not.toBeNull()
    expect(await page.$('main input[type="search"]')).toBeNull()
    await waitForText(page, REPEAT_CONVERSION_RULE, 'main')
    await shot('dashboard-listings-empty', 1280)
    await shot('dashboard-listings-empty', 375)
    await signedOut(page, server.url)
    expect(pageErrors).toEqual([])
  })

  it('lists the converted listings last converted first, with their photos and whose they are', async () => {
    await page.setViewport({ width: 1280, height: 900 })
    await signIn(page, server.url, account)
    await page.locator('aside nav a::-p-text(Listings)').click()
    await waitForPath(page, '/dashboard/listings')
    await waitForText(page, 'Showing 1–10 of 23', 'main')
    const shown = await waitForAddresses(10, MAGNOLIA)
    expect(shown[1]).toBe('121 Cedar Ave, Austin, TX 78704')

    const own = 'main tbody tr:first-child'
    expect(await textsOf(page, `${own} td:first-child > span > span`)).toEqual([
      MAGNOLIA,
      '$615,000For sale',
      '4 bd · 2.5 ba · 2,380 sqft',
    ])
    expect(await textsOf(page, `${own} td[data-label="Whose listing"]`)).toEqual(['Your listing'])
    expect(await textsOf(page, `${own} td[data-label="Converted"] time`)).toEqual(['just now'])
    const source = `${own} td[data-label="Source"] a`
    expect(await attributeOf(page, source, 'href')).toBe(
      'https://www.zillow.com/homedetails/2077999_zpid/',
    )
    expect(await attributeOf(page, source, 'target')).toBe('_blank')
    expect(await attributeOf(page, source, 'rel')).toBe('noopener noreferrer')
    const other = 'main tbody tr:nth-child(2)'
    expect(await textsOf(page, `${other} td[data-label="Whose listing"]`)).toEqual([
      `Permission from Hill Country Homes confirmed ${usDate(new Date().toISOString())}; listed by Dana Broker`,
    ])
    // The photos come from the sources' hosts, which the page's policy allows; the listing
    // without photos has the placeholder.
    expect(await photosLoaded()).toEqual({ loaded: 9, placeholders: 1 })

    await shot('dashboard-listings', 1280)
    await shot('dashboard-listings', 375)
    await page.setViewport({ width: 1280, height: 900 })
    expect(pageErrors).toEqual([])
  })

  it('pages through all 23 on the server', async () => {
    const pages = 'main nav[aria-label="Listing pages"]'
    await page.locator(`${pages} button::-p-text(Next)`).click()
    await waitForText(page, 'Showing 11–20 of 23', 'main')
    const second = await waitForAddresses(10, '112 Elm St, Austin, TX 78704')
    expect(second.at(-1)).toBe('103 Juniper Dr, Austin, TX 78704')
    await page.locator(`${pages} button[aria-label="Page 3"]`).click()
    await waitForText(page, 'Showing 21–23 of 23', 'main')
    expect(await waitForAddresses(3)).toEqual([
      '102 Elm St, Austin, TX 78704',
      '101 Cedar Ave, Austin, TX 78704',
      '100 Birch Ln, Austin, TX 78704',
    ])
    await page.locator(`${pages} button::-p-text(Previous)`).click()
    await waitForText(page, 'Showing 11–20 of 23', 'main')
    expect(pageErrors).toEqual([])
  })

  it('searches and filters on the server, and clears what matches nothing', async () => {
    const source = '::-p-aria([name="Source"][role="combobox"])'
    const type = '::-p-aria([name="Type"][role="combobox"])'
    // The search starts again from the first page.
    await fill(page, 'main input[type="search"]', 'magnolia')
    await waitForText(page, 'Showing 1–1 of 1', 'main')
    expect(await waitForAddresses(1)).toEqual([MAGNOLIA])
    // By the listing agent's brokerage too.
    await fill(page, 'main input[type="search"]', 'Rivera Realty')
    expect(await waitForAddresses(1)).toEqual([MAGNOLIA])
    await clearSearch()
    await waitForText(page, 'Showing 1–10 of 23', 'main')

    await page.locator(source).fill('redfin')
    await waitForText(page, 'Showing 1–7 of 7', 'main')
    await page.locator(type).fill('rent')
    // Rentals are i % 4 === 1, Redfin i % 3 === 2: i = 5 and 17.
    expect(await waitForAddresses(2)).toEqual([
      '117 Elm St, Austin, TX 78704',
      '105 Birch Ln, Austin, TX 78704',
    ])
    expect(await textsOf(page, 'main tbody tr:first-child td:first-child > span > span')).toEqual([
      '117 Elm St, Austin, TX 78704',
      '$2,850/moFor rent',
      '3 bd · 2 ba · 1,650 sqft',
    ])

    await fill(page, 'main input[type="search"]', 'magnolia')
    await waitForText(page, 'No listings match', 'main')
    await page.locator('main button::-p-text(Clear search and filters)').click()
    await waitForText(page, 'Showing 1–10 of 23', 'main')
    await waitForAddresses(10, MAGNOLIA)
    expect(pageErrors).toEqual([])
  })

  it('says Fill again needs the extension when this browser has none', async () => {
    await page.locator('main tbody tr:first-child button::-p-text(Fill again)').click()
    const alert = await waitForText(
      page,
      'Install it and sign in',
      'main tbody tr:first-child [role="alert"]',
    )
    expect(alert).toContain('Fill again works through the ListingBridge Chrome extension')
    expect(
      await page.$('main tbody tr:first-child [role="alert"] a[href^="https://chromewebstore"]'),
    ).not.toBeNull()
    expect(pageErrors).toEqual([])
  })
})
