/**
 * The dashboard's layout at the widths people use it at, in real Chromium against a real server:
 * the Leads, Listings and Transactions tables show their last column (Actions, Receipt) inside
 * their box from 1024 to 1280 px, every item of the phone tab bar can be reached and shows its
 * whole name at 375 px, and each search box's placeholder fits its field. Screenshots at 375,
 * 1024 and 1280 px go to test-results/screenshots/ for a person to look at.
 */
import path from 'node:path'
import type { Page, Protocol } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newAccount, createVerifiedAccount } from '../support/accounts.ts'
import { startBrowserAndServer, type BrowserAndServer } from '../support/browser-and-server.ts'
import {
  attributeOf,
  focusedLabel,
  horizontalOverflow,
  nextFrames,
  textOf,
  waitForPath,
  waitForText,
} from '../support/page.ts'
import { screenshotDir } from '../support/paths.ts'
import type { RunningServer } from '../support/server.ts'
import { signIn } from '../support/site.ts'
import { serverDatabase } from './data.ts'
import { accessToken, saveLead, type SeedLead } from './leads-data.ts'
import { convertListing, saveAgentProfile } from './listings-data.ts'

let server: RunningServer
let session: BrowserAndServer
let page: Page
let pageErrors: string[]

// An operator: the phone tab bar has its most items (Form health too).
const operator = newAccount('layout')

function lead(id: number, owner: string, email: string, street: string): SeedLead {
  return {
    source: 'zillow_fsbo',
    source_id: String(2077000 + id),
    listing_url: `https://www.zillow.com/homedetails/${2077000 + id}_zpid/`,
    owner_name: owner,
    phone: `(512) 555-01${String(id).padStart(2, '0')}`,
    email,
    address: { street, city: 'Austin', state: 'TX', zip: '78704' },
    price: 685000 + id * 1000,
    beds: 3,
    baths: 2.5,
    living_area_sqft: 1800,
    days_on_market: 4,
    photo_url: null,
  }
}

beforeAll(async () => {
  session = await startBrowserAndServer({ env: { ADMIN_EMAILS: operator.email } })
  ;({ server, page, pageErrors } = session)
  await createVerifiedAccount(server, 'layout', operator)
  const token = await accessToken(server, operator)
  // Long names, addresses and e-mails, as real ones are: the widest rows a table has to fit.
  await saveLead(
    server,
    token,
    lead(
      1,
      'Margaret Richardson-Whitfield',
      'margaret.richardson.whitfield@example.com',
      '1208 Barton Hills Dr',
    ),
  )
  await saveLead(server, token, lead(2, 'Dana Lee', 'dana@example.com', '44 Coral Way'))
  await saveAgentProfile(server, token, {
    listing_name: 'Pat Layout',
    license_number: null,
    license_state: null,
    brokerage: 'Layout Realty',
  })
  for (const [i, street] of ['7 Magnolia Ct', '12905 Long Meadow Bend Trail'].entries()) {
    // Another brokerage's listings: the row says whose permission was confirmed.
    await convertListing(server, token, {
      source: 'zillow',
      source_id: String(2078000 + i),
      street,
      price: 615000,
      photos: 0,
    })
  }
  const db = serverDatabase(server)
  db.seedTransactions(operator.email, [
    {
      paymentType: 'subscription_create',
      amountCents: 46800,
      status: 'succeeded',
      createdAt: new Date(Date.UTC(2025, 0, 15, 12)).toISOString(),
      receiptUrl: `${server.url}/receipt/1`,
    },
    {
      paymentType: 'subscription_cycle',
      amountCents: 4900,
      status: 'pending',
      createdAt: new Date(Date.UTC(2025, 1, 15, 12)).toISOString(),
      receiptUrl: null,
    },
  ])
  db.close()
  await page.setViewport({ width: 1280, height: 900 })
  await signIn(page, server.url, operator)
})

afterAll(async () => {
  await session.close()
})

interface Box {
  left: number
  right: number
  width: number
}
interface PageElement {
  textContent: string | null
  placeholder: string
  clientWidth: number
  scrollWidth: number
  getBoundingClientRect: () => Box
  getClientRects: () => ArrayLike<Box>
  parentElement: PageElement | null
  querySelector: (selector: string) => PageElement | null
}
// Page globals for the evaluate callbacks (this project has no DOM library).
declare const document: {
  querySelector: (selector: string) => PageElement | null
  querySelectorAll: (selector: string) => ArrayLike<PageElement>
  createElement: (tag: 'canvas') => {
    getContext: (kind: '2d') => { font: string; measureText: (text: string) => { width: number } }
  }
}
declare const window: { innerWidth: number }
declare function getComputedStyle(element: PageElement): {
  fontStyle: string
  fontWeight: string
  fontSize: string
  fontFamily: string
  paddingLeft: string
  paddingRight: string
  overflowX: string
}

const PAGES = {
  Leads: { path: '/dashboard/leads', ready: 'Showing 1–2 of 2' },
  Listings: { path: '/dashboard/listings', ready: 'Showing 1–2 of 2' },
  Transactions: { path: '/dashboard/transactions', ready: 'Showing 1–2 of 2' },
} as const

/** Opens a dashboard page from the sidebar (at a desktop width, where every link shows). */
async function openPage(name: keyof typeof PAGES): Promise<void> {
  await page.setViewport({ width: 1280, height: 900 })
  await page.locator(`aside nav a[href="${PAGES[name].path}"]`).click()
  await waitForPath(page, PAGES[name].path)
  await waitForText(page, PAGES[name].ready, 'main')
}

async function atWidth(width: number): Promise<void> {
  await page.setViewport({ width, height: 900 })
  await nextFrames(page)
}

/** A full-page screenshot at the current width, for a person to look at. */
async function shot(name: string, width: number): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true })
}

/**
 * How far each header and body cell of the table's last column sticks out of the visible box of
 * the table's scroll container (0 when all of it can be seen without scrolling the table).
 */
async function lastColumnOutside(): Promise<number[]> {
  return page.evaluate(() => {
    const table = document.querySelector('main table')
    if (!table) return [Number.NaN]
    // What a person sees of the table: its nearest ancestor that clips it, or else the window.
    let visible: Box = { left: 0, right: window.innerWidth, width: window.innerWidth }
    for (let el = table.parentElement; el; el = el.parentElement) {
      if (getComputedStyle(el).overflowX !== 'visible') {
        visible = el.getBoundingClientRect()
        break
      }
    }
    const cells = Array.from(document.querySelectorAll('main table tr > :last-child'))
    return cells.map((cell) => {
      const r = cell.getBoundingClientRect()
      return Math.max(0, Math.round(r.right - visible.right), Math.round(visible.left - r.left))
    })
  })
}

/**
 * The search field's placeholder: its text, its width in the field's font, and the width Chromium
 * lays it out in (the placeholder's own box inside the field, read through the DevTools protocol,
 * so whatever else the field keeps room for, such as a clear button, is taken out).
 */
async function placeholderFit(): Promise<{ text: string; width: number; room: number }> {
  const measured = await page.evaluate(() => {
    const input = document.querySelector('main input[type="search"]')
    if (!input) return { text: '', width: Number.NaN }
    const style = getComputedStyle(input)
    const context = document.createElement('canvas').getContext('2d')
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    return {
      text: input.placeholder,
      width: Math.ceil(context.measureText(input.placeholder).width),
    }
  })
  const cdp = await page.createCDPSession()
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true })
    const box = placeholderBox(root, false)
    if (box === undefined) return { ...measured, room: 0 }
    const { model } = await cdp.send('DOM.getBoxModel', { backendNodeId: box })
    return { ...measured, room: Math.floor(model.width) }
  } finally {
    await cdp.detach()
  }
}

/** The placeholder box in the browser's own shadow tree of the page's search input. */
function placeholderBox(node: Protocol.DOM.Node, inSearch: boolean): number | undefined {
  const attributes = node.attributes ?? []
  // Name, value, name, value…
  const attribute = (name: string) =>
    attributes.find((_, i) => i % 2 === 1 && attributes[i - 1] === name)
  const search = inSearch || (node.nodeName === 'INPUT' && attribute('type') === 'search')
  if (search && attribute('pseudo') === '-webkit-input-placeholder') return node.backendNodeId
  for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) {
    const found = placeholderBox(child, search)
    if (found !== undefined) return found
  }
  return undefined
}

describe('dashboard tables from 1024 to 1280 px', () => {
  for (const name of ['Leads', 'Listings', 'Transactions'] as const) {
    it(`${name}: the last column shows inside the table's box`, async () => {
      await openPage(name)
      for (const width of [1024, 1152, 1280]) {
        await atWidth(width)
        await shot(`layout-${name.toLowerCase()}`, width)
        const outside = await lastColumnOutside()
        expect(outside.length, `${name} has header and rows`).toBeGreaterThan(2)
        expect(outside, `${name} at ${width} px: last column clipped by`).toEqual(
          outside.map(() => 0),
        )
        expect(await horizontalOverflow(page), `${name} at ${width} px`).toBe(0)
      }
      expect(pageErrors).toEqual([])
    })
  }
})

describe('dashboard at 375 px', () => {
  for (const name of ['Leads', 'Listings', 'Transactions'] as const) {
    it(`${name}: the search placeholder fits its field, the label names the search`, async () => {
      await openPage(name)
      await atWidth(375)
      await shot(`layout-${name.toLowerCase()}`, 375)
      expect(await horizontalOverflow(page), `${name} at 375 px`).toBe(0)
      for (const width of [320, 375, 1024]) {
        await atWidth(width)
        const fit = await placeholderFit()
        expect(fit.text).not.toBe('')
        expect(fit.width, `"${fit.text}" at ${width} px`).toBeLessThanOrEqual(fit.room)
      }
      const label = await textOf(page, 'main [role="search"] label, main label[for]')
      expect(label).toMatch(new RegExp(`^Search ${name.toLowerCase()}`))
      expect(pageErrors).toEqual([])
    })
  }

  it('shows every tab of the tab bar whole, the rest behind More, without scrolling sideways', async () => {
    await openPage('Leads')
    await atWidth(375)
    await page.screenshot({ path: path.join(screenshotDir, 'layout-tab-bar-375.png') })
    expect(await tabBarScrolls(), 'the tab bar scrolls sideways').toBe(false)
    const names = [
      'Dashboard',
      'Listings',
      'Subscriptions',
      'Transactions',
      'Leads',
      'Settings',
      'Form health',
      'Logout',
    ]
    for (const label of names) {
      let item = await tabItem(label)
      if (!item.shown) {
        // Not in the bar: behind the "More" button.
        await page.locator('aside nav button[aria-expanded="false"]').click()
        item = await tabItem(label)
      }
      expect(item, `${label} at 375 px`).toEqual({ shown: true, inView: true, clipped: false })
      if (await page.$('aside nav button[aria-expanded="true"]'))
        await page.keyboard.press('Escape')
    }
    expect(await horizontalOverflow(page)).toBe(0)
    expect(pageErrors).toEqual([])
  })

  it('opens More with the keyboard, marks the current page in it, and closes with Escape', async () => {
    await openPage('Transactions')
    await atWidth(375)
    const more = 'aside nav button[aria-expanded]'
    expect(await attributeOf(page, more, 'aria-expanded')).toBe('false')
    await page.focus(more)
    await page.keyboard.press('Enter')
    expect(await attributeOf(page, more, 'aria-expanded')).toBe('true')
    expect(await attributeOf(page, 'aside nav a[aria-current="page"]', 'href')).toBe(
      '/dashboard/transactions',
    )
    expect(await tabItem('Transactions')).toEqual({ shown: true, inView: true, clipped: false })
    await page.screenshot({ path: path.join(screenshotDir, 'layout-tab-bar-more-375.png') })
    // Tab goes into the opened list, Escape closes it and gives focus back to More.
    await page.keyboard.press('Tab')
    expect(await focusedLabel(page)).not.toBe('More')
    await page.keyboard.press('Escape')
    expect(await attributeOf(page, more, 'aria-expanded')).toBe('false')
    expect(await focusedLabel(page)).toBe('More')
    // Following a link in it opens the page and closes the list.
    await page.keyboard.press('Enter')
    await page
      .locator('aside nav [aria-expanded="true"] ~ ul a[href="/dashboard/settings"]')
      .click()
    await waitForPath(page, '/dashboard/settings')
    expect(await attributeOf(page, more, 'aria-expanded')).toBe('false')
    expect(pageErrors).toEqual([])
  })
})

/** Whether the tab bar is wider than the window and scrolls sideways. */
async function tabBarScrolls(): Promise<boolean> {
  return page.evaluate(() => {
    const nav = document.querySelector('aside nav')
    return nav === null || nav.scrollWidth > nav.clientWidth
  })
}

/**
 * The tab bar's item named `label`: whether one shows at all, whether all of it lies inside the
 * window and the bar as they are, and whether its name sticks out of it (cut).
 */
async function tabItem(
  label: string,
): Promise<{ shown: boolean; inView: boolean; clipped: boolean }> {
  return page.evaluate((wanted) => {
    const items = Array.from(document.querySelectorAll('aside nav a, aside nav button'))
    const item = items.find(
      (el) => el.getClientRects().length > 0 && el.textContent?.trim() === wanted,
    )
    if (!item) return { shown: false, inView: false, clipped: false }
    const nav = document.querySelector('aside nav')?.getBoundingClientRect()
    const box = item.getBoundingClientRect()
    const name = (item.querySelector('span') ?? item).getBoundingClientRect()
    const inside = (inner: Box, outer: Box) =>
      inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5
    const screen = { left: 0, right: window.innerWidth, width: window.innerWidth }
    return {
      shown: true,
      inView: box.width > 0 && inside(box, screen) && (nav === undefined || inside(box, nav)),
      clipped: !inside(name, box) || name.width === 0,
    }
  }, label)
}
