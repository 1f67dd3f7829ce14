/**
 * The subscriber dashboard in real Chromium against a real server (`node scripts/start.js`): the
 * access gate, the trial box, buying the annual plan through the built-in test checkout,
 * cancelling, the transactions, the usage chart, the sidebar and logout. Screenshots at 375 and
 * 1280 px go to test-results/screenshots/ for a person to look at.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createVerifiedAccount, type TestAccount } from '../support/accounts.ts'
import { collectPageErrors, launchBrowser, type LaunchedBrowser } from '../support/browser.ts'
import {
  attributeOf,
  fill,
  horizontalOverflow,
  nextFrames,
  open,
  storageOf,
  textOf,
  textsOf,
  waitForPath,
  waitForText,
  waitForToast,
} from '../support/page.ts'
import { screenshotDir } from '../support/paths.ts'
import { startServer, type RunningServer } from '../support/server.ts'
import { signedOut, signIn } from '../support/site.ts'
import { longUsDate, serverDatabase, usDate, utcDay } from './data.ts'
import { accessToken, saveLead } from './leads-data.ts'
import { convertListing, saveAgentProfile } from './listings-data.ts'

let server: RunningServer
let chromium: LaunchedBrowser
let page: Page
let pageErrors: string[]
let db: ReturnType<typeof serverDatabase>

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[server, chromium] = await Promise.all([startServer(), launchBrowser()])
  page = chromium.page
  pageErrors = collectPageErrors(page)
  db = serverDatabase(server)
})

afterAll(async () => {
  db.close()
  await Promise.all([chromium.close(), server.stop()])
})

beforeEach(async () => {
  await page.setViewport({ width: 1280, height: 900 })
  await signedOut(page, server.url)
  pageErrors.length = 0
})

/** Runs `code` in the page (this project has no DOM types; the page does). */
function inPage<T>(code: string): Promise<T> {
  return page.evaluate(code) as Promise<T>
}

async function badge(): Promise<string | null> {
  await page.waitForSelector('[data-status-badge]')
  return textOf(page, '[data-status-badge]')
}

/** Follows a sidebar link, as a person clicks it. */
async function goTo(section: 'Dashboard' | 'Subscriptions' | 'Transactions'): Promise<void> {
  await page.locator(`aside nav a::-p-text(${section})`).click()
  const paths = {
    Dashboard: '/dashboard',
    Subscriptions: '/dashboard/subscriptions',
    Transactions: '/dashboard/transactions',
  }
  await waitForPath(page, paths[section])
}

/** The signed-in user's /users/me, read with the session the page holds. */
async function me(): Promise<{ subscription_expiry: string | null; trial_end: string | null }> {
  const { local, session } = await storageOf(page)
  const token = session.accessToken ?? local.accessToken ?? ''
  const res = await fetch(`${server.api}/users/me`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const body = (await res.json()) as {
    data: { subscription_expiry: string | null; trial_end: string | null }
  }
  return body.data
}

async function shot(name: string, width: 375 | 1280): Promise<void> {
  await page.setViewport({ width, height: 900 })
  await nextFrames(page)
  // Wait for the chart to be redrawn at the new width.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 150)))
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true })
  expect(await horizontalOverflow(page), `${name} at ${width} px is wider than the screen`).toBe(0)
  expect(await textsOf(page, 'h1'), `${name} at ${width} px has one h1`).toHaveLength(1)
}

/** Pricing → Annual → Get Started → the test checkout page. */
async function openAnnualCheckout(): Promise<void> {
  await open(page, `${server.url}/pricing`)
  await page.locator('main label:has(input[value="annual"])').click()
  await waitForText(page, 'Pro Annual', 'main')
  await page.locator('main button::-p-text(Get Started)').click()
  await page.waitForFunction(`document.body.innerText.includes('Test checkout — no charge')`)
}

describe('dashboard access gate', () => {
  it('sends a visitor who is not logged in to /sign-in with the toast', async () => {
    await page.goto(`${server.url}/dashboard/transactions`, { waitUntil: 'load' })
    await waitForPath(page, '/sign-in')
    await waitForToast(page, 'Please login to access the dashboard')
    expect(pageErrors).toEqual([])
  })

  it('sends a user whose trial ended to /pricing with the toast', async () => {
    const account = await createVerifiedAccount(server, 'ended')
    db.setTrialEnd(account.email, new Date(Date.now() - 60_000).toISOString())

    await open(page, `${server.url}/sign-in`)
    await fill(page, 'input[name="email"]', account.email)
    await fill(page, 'input[name="password"]', account.password)
    await page.locator('button[type="submit"]').click()
    // Login goes to /dashboard; the gate sends the user on to /pricing.
    await waitForPath(page, '/pricing')
    await waitForToast(page, 'You need an active subscription to access the dashboard')
    // Still logged in: they can buy a plan.
    expect((await storageOf(page)).session.accessToken).toBeTruthy()
    expect(pageErrors).toEqual([])
  })
})

describe('trial user', () => {
  it('sees the trial badge, their name and the Free Trial box with Upgrade Plan', async () => {
    const account = await createVerifiedAccount(server, 'trial')
    await signIn(page, server.url, account)

    expect(await badge()).toBe('Trial: 7 days left')
    expect(await textOf(page, '[data-user-name]')).toContain(account.name)
    // No usage yet: the first-run checklist (tests/dashboard/first-run.test.ts).
    await waitForText(page, 'Get set up', 'main h2')

    await goTo('Subscriptions')
    await waitForText(page, 'Free Trial', 'main h2')
    const { trial_end } = await me()
    expect(trial_end).toBeTruthy()
    expect(await textOf(page, '[data-fact="days-left"]')).toBe('7')
    expect(await textOf(page, '[data-fact="expiry"]')).toBe(usDate(trial_end ?? ''))
    await shot('dashboard-trial', 1280)
    await shot('dashboard-trial', 375)

    await page.setViewport({ width: 1280, height: 900 })
    await page.locator('main a::-p-text(Upgrade Plan)').click()
    await waitForPath(page, '/pricing')
    expect(pageErrors).toEqual([])
  })
})

describe('buying, using and cancelling the annual plan', () => {
  let account: TestAccount

  it('buys the annual plan through the test checkout and sees the plan, expiry and transaction', async () => {
    account = await createVerifiedAccount(server, 'annual')
    await signIn(page, server.url, account)
    // Bought after the trial: charged at once (during it, the trial's days are kept instead).
    db.setTrialEnd(account.email, new Date(Date.now() - 60_000).toISOString())
    await openAnnualCheckout()

    await page.locator('button::-p-text(Pay $468.00)').click()
    await page.waitForFunction(
      `location.href.startsWith(${JSON.stringify(`${server.url}/success`)})`,
    )
    // /success says what was bought and charged, and stays to be read.
    await waitForText(page, 'Payment Successful', 'main h1')
    await waitForText(page, 'Pro Annual', 'main')
    await waitForText(page, `We charged $468.00 on ${longUsDate(new Date().toISOString())}`, 'main')
    await page.locator('main a::-p-text(Back to Dashboard)').click()
    await waitForPath(page, '/dashboard')

    const { subscription_expiry } = await me()
    const expiry = usDate(subscription_expiry ?? '')
    // A renewing plan says when it renews, not a countdown.
    expect(await badge()).toBe(`Renews on ${expiry}`)

    await goTo('Subscriptions')
    await waitForText(page, 'Pro Annual', 'main h2')
    expect(await textOf(page, '[data-fact="plan"]')).toBe('Pro Annual')
    expect(await textOf(page, '[data-fact="expiry"]')).toBe(expiry)
    expect(await textOf(page, '[data-fact="next-charge"]')).toBe('$468.00')
    await waitForText(page, 'stays active until its expiry date', 'main')

    await goTo('Transactions')
    await page.waitForSelector('tr[data-transaction]')
    const rows = await textsOf(page, 'tbody tr')
    expect(rows).toHaveLength(1)
    const txId = (await attributeOf(page, 'tr[data-transaction]', 'data-transaction')) ?? ''
    const cells = await textsOf(page, 'tbody tr td')
    expect(cells.slice(0, 5)).toEqual([
      `#${txId.slice(0, 8)}`,
      usDate(new Date().toISOString()),
      'subscription create',
      '$468.00',
      'Succeeded',
    ])
    const receipt = 'tbody tr a[target="_blank"]'
    expect(await attributeOf(page, receipt, 'rel')).toContain('noopener')

    // The receipt opens in a new tab and shows the payment.
    const opened = chromium.browser.waitForTarget((t) => t.url().includes('/receipts/'))
    await page.locator(receipt).click()
    const receiptPage = await (await opened).page()
    if (!receiptPage) throw new Error('the receipt tab has no page')
    await receiptPage.waitForFunction(`document.body.innerText.includes('$468.00')`)
    await receiptPage.close()
    expect(pageErrors).toEqual([])
  })

  it('cancels behind a confirm dialog and keeps access until the expiry date', async () => {
    await signIn(page, server.url, account)
    await goTo('Subscriptions')
    await waitForText(page, 'Pro Annual', 'main h2')
    const expiry = usDate((await me()).subscription_expiry ?? '')

    await page.locator('main button::-p-text(Cancel Subscription)').click()
    await page.waitForSelector('[role="alertdialog"]')
    expect(await textOf(page, '[role="alertdialog"]')).toContain(`stays active until ${expiry}`)
    // "Keep Subscription" closes it and changes nothing.
    await page.locator('[role="alertdialog"] button::-p-text(Keep Subscription)').click()
    await page.waitForSelector('[role="alertdialog"]', { hidden: true })

    await page.locator('main button::-p-text(Cancel Subscription)').click()
    await page.waitForSelector('[role="alertdialog"]')
    await shot('dashboard-cancel-dialog', 375)
    await shot('dashboard-cancel-dialog', 1280)
    await page.locator('[role="alertdialog"] button::-p-text(Yes, Cancel Subscription)').click()
    await waitForToast(page, 'Subscription canceled successfully.')
    // The dashboard data was reloaded: the plan says when it ends, and cannot be cancelled twice.
    await waitForText(page, 'Cancelled', 'main')
    expect(await badge()).toBe(`Ends on ${expiry}`)
    expect(await page.$('main button ::-p-text(Cancel Subscription)')).toBeNull()
    await shot('dashboard-subscription-cancelled', 1280)
    await shot('dashboard-subscription-cancelled', 375)

    // Access stays until the expiry date: a fresh visit still opens the dashboard.
    await page.setViewport({ width: 1280, height: 900 })
    await open(page, `${server.url}/dashboard/subscriptions`)
    await waitForText(page, 'Cancelled', 'main')
    expect(await badge()).toBe(`Ends on ${expiry}`)
    expect(pageErrors).toEqual([])
  })

  it('leaves the test checkout with Cancel: /cancel says nothing was charged', async () => {
    const other = await createVerifiedAccount(server, 'leaver')
    await signIn(page, server.url, other)
    await openAnnualCheckout()
    await page.locator('button::-p-text(Cancel)').click()
    await waitForPath(page, '/cancel')
    await waitForText(page, 'no charges were made', 'main')
    expect(pageErrors).toEqual([])
  })
})

describe('usage, transactions and the sidebar', () => {
  it('renders seeded usage as cards and a 7-day chart with labelled, readable bars', async () => {
    const account = await createVerifiedAccount(server, 'usage')
    // Oldest first, today last: one tiny day next to a busy one, and a day without calls. Today's
    // 7 are 5 seeded, then a listing converted and a lead saved through the API.
    const week = [3, 0, 12, 1, 250, 40, 7]
    const leads = [1, 0, 2, 0, 50, 0, 2]
    const usage: Record<string, { listings: number; leads: number }> = {}
    week.forEach((count, i) => {
      const today = i === 6
      const saved = (leads[i] ?? 0) - (today ? 1 : 0)
      usage[utcDay(i - 6)] = { listings: count - (leads[i] ?? 0) - (today ? 1 : 0), leads: saved }
    })
    const older = utcDay(-40)
    usage[older] = { listings: 500, leads: 0 }
    db.seedUsage(account.email, usage)
    const token = await accessToken(server, account)
    // Set up as an agent who converts is: with an agent profile.
    await saveAgentProfile(server, token, {
      listing_name: 'Pat Usage',
      license_number: null,
      license_state: null,
      brokerage: 'Usage Realty',
    })
    await convertListing(server, token, {
      source: 'zillow',
      source_id: '2077555',
      street: '12 Usage Ln',
      price: 450000,
    })
    await saveLead(server, token, {
      source: 'fsbo_com',
      source_id: '77001',
      listing_url: 'https://fsbo.com/listings/listings/show/id/77001/',
      owner_name: 'Sam Owner',
      phone: '(512) 555-0199',
      email: null,
      address: { street: '9 Owner Rd', city: 'Austin', state: 'TX', zip: '78704' },
      price: 390000,
      beds: 3,
      baths: 2,
      living_area_sqft: 1500,
      days_on_market: 4,
      photo_url: null,
    })
    const monthStart = `${utcDay(0).slice(0, 7)}-01`
    const month = week
      .map((count, i) => [utcDay(i - 6), count] as const)
      .filter(([day]) => day >= monthStart)
      .reduce((sum, [, count]) => sum + count, older >= monthStart ? 500 : 0)

    await signIn(page, server.url, account)
    await page.waitForSelector('[data-usage-chart] canvas')
    const card = (key: string) => textOf(page, `[data-card="${key}"] p:nth-of-type(2)`)
    expect(await card('total')).toBe('813')
    expect(await card('today')).toBe('7')
    expect(await card('week')).toBe('313')
    expect(await card('month')).toBe(month.toLocaleString('en-US'))
    // Each total by kind, and what an API call is.
    const kinds = (key: string) => textOf(page, `[data-card="${key}"] [data-card-kinds]`)
    expect(await kinds('total')).toBe('758 listings · 55 leads')
    expect(await kinds('today')).toBe('5 listings · 2 leads')
    await waitForText(page, 'An API call is a listing converted', 'main')
    // Every step is done: nothing left to set up.
    expect(await page.$('[data-finish-setup]')).toBeNull()

    // The accessible table has the same numbers, by weekday: listings, leads, all.
    const table = await textsOf(page, 'main table tbody tr td:last-child')
    expect(table).toEqual(week.map(String))
    expect(await textsOf(page, 'main table tbody tr td:nth-child(3)')).toEqual(leads.map(String))
    expect(await textsOf(page, '[data-chart-legend] li')).toEqual([
      'Listings converted',
      'Leads saved',
    ])

    // Bars: the busiest fills the plot, the 1-call day is at least 20 px, the empty day is flat.
    await page.waitForSelector('[data-usage-chart] .uplot[data-bar-heights]')
    const heights = (
      (await attributeOf(page, '[data-usage-chart] .uplot', 'data-bar-heights')) ?? ''
    )
      .split(',')
      .map(Number)
    expect(heights).toHaveLength(7)
    const tallest = Math.max(...heights)
    expect(heights[4]).toBe(tallest)
    expect(heights[3]).toBeGreaterThanOrEqual(20)
    expect(heights[1]).toBe(0)
    expect(heights[2]).toBeCloseTo((12 / 250) * tallest < 20 ? 20 : (12 / 250) * tallest, 0)
    // Each bar is split by kind in proportion: the busiest day's 200 listings under its 50 leads.
    const parts = ((await attributeOf(page, '[data-usage-chart] .uplot', 'data-bar-parts')) ?? '')
      .split(',')
      .map((bar) => bar.split('/').map(Number))
    const [busyListings = 0, busyLeads = 0, busyUnknown = 0] = parts[4] ?? []
    expect(busyListings + busyLeads).toBeCloseTo(tallest, 0)
    expect(busyListings / busyLeads).toBeCloseTo(4, 1)
    expect(busyUnknown).toBe(0)
    expect(parts[1]).toEqual([0, 0, 0])

    // Hovering a bar shows its exact count.
    const box = await (await page.$('[data-usage-chart] .u-over'))?.boundingBox()
    if (!box) throw new Error('no plot area')
    await page.mouse.move(box.x + (box.width * 4.5) / 7, box.y + box.height - 5)
    await waitForText(page, '250 API calls', '[data-usage-chart]')
    await page.screenshot({ path: path.join(screenshotDir, 'dashboard-usage-tooltip-1280.png') })

    // Short weekday labels come from the series' own days (UTC).
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' })
    expect(await textOf(page, 'main table tbody tr th')).toContain(
      new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(`${utcDay(-6)}T00:00:00Z`),
      ),
    )
    expect(weekday.format(new Date(`${utcDay(0)}T00:00:00Z`))).toMatch(/^[A-Z][a-z]{2}$/)

    await page.mouse.move(0, 0)
    await shot('dashboard-usage', 1280)
    await shot('dashboard-usage', 375)
    expect(pageErrors).toEqual([])
  })

  it('lists, searches and pages through transactions', async () => {
    const account = await createVerifiedAccount(server, 'history')
    const seeded = db.seedTransactions(account.email, [
      ...Array.from({ length: 6 }, (_, i) => ({
        paymentType: 'subscription_cycle',
        amountCents: 4900,
        status: 'succeeded',
        createdAt: new Date(Date.UTC(2025, i, 15, 12)).toISOString(),
        receiptUrl: `${server.url}/receipt/${i}`,
      })),
      {
        paymentType: 'subscription_create',
        amountCents: 46800,
        status: 'pending',
        createdAt: new Date(Date.UTC(2025, 6, 1, 12)).toISOString(),
        receiptUrl: null,
      },
    ])
    await signIn(page, server.url, account)
    await goTo('Transactions')
    await page.waitForSelector('tr[data-transaction]')

    // Newest first, 5 a page.
    expect(await textsOf(page, 'tbody tr')).toHaveLength(5)
    await waitForText(page, 'Showing 1–5 of 7', 'main')
    expect(await textOf(page, 'tbody tr td:nth-child(5)')).toBe('Pending')
    await shot('dashboard-transactions', 1280)
    await shot('dashboard-transactions', 375)
    await page.setViewport({ width: 1280, height: 900 })

    await page.locator('main button::-p-text(Next)').click()
    await waitForText(page, 'Showing 6–7 of 7', 'main')
    expect(await textsOf(page, 'tbody tr')).toHaveLength(2)
    expect(await attributeOf(page, 'button[aria-current="page"]', 'aria-label')).toBe('Page 2')

    // Search by amount, by status, by ID.
    await fill(page, 'input[type="search"]', '$468')
    await waitForText(page, 'Showing 1–1 of 1', 'main')
    await fill(page, 'input[type="search"]', 'succeeded')
    await waitForText(page, 'Showing 1–5 of 6', 'main')
    const someId = seeded[2] ?? ''
    await fill(page, 'input[type="search"]', `#${someId.slice(0, 8)}`)
    await waitForText(page, 'Showing 1–1 of 1', 'main')
    expect(await textOf(page, 'tbody tr td')).toBe(`#${someId.slice(0, 8)}`)
    await fill(page, 'input[type="search"]', 'no such thing')
    await waitForText(page, 'No transactions found.', 'main')
    expect(pageErrors).toEqual([])
  })

  it('collapses the sidebar to 5rem and remembers it; Logout ends the session', async () => {
    const account = await createVerifiedAccount(server, 'sidebar')
    await signIn(page, server.url, account)
    // The dashboard is lazy and waits for /users/me: measure once the sidebar is there.
    await page.waitForSelector('aside button[aria-controls]')
    const width = () =>
      inPage<number>(`document.querySelector('aside').getBoundingClientRect().width`)
    expect(await width()).toBe(256)
    const toggle = 'aside button[aria-controls]'
    expect(await attributeOf(page, toggle, 'aria-expanded')).toBe('true')

    await page.locator(toggle).click()
    await page.waitForFunction(
      `document.querySelector('aside').getBoundingClientRect().width === 80`,
    )
    expect(await attributeOf(page, toggle, 'aria-expanded')).toBe('false')
    await shot('dashboard-collapsed', 1280)

    await page.reload({ waitUntil: 'load' })
    await page.waitForSelector('aside')
    await page.waitForFunction(
      `document.querySelector('aside').getBoundingClientRect().width === 80`,
    )
    expect(await attributeOf(page, toggle, 'aria-expanded')).toBe('false')
    // Collapsed links keep their names.
    expect(await attributeOf(page, 'aside a[href="/dashboard/transactions"]', 'title')).toBe(
      'Transactions',
    )

    // Keyboard: Tab reaches the sidebar's links; Enter follows one.
    await page.focus('aside a[href="/dashboard/subscriptions"]')
    await page.keyboard.press('Enter')
    await waitForPath(page, '/dashboard/subscriptions')
    expect(
      await attributeOf(page, 'aside a[href="/dashboard/subscriptions"]', 'aria-current'),
    ).toBe('page')

    // Collapsed, the button shows only its icon; its name is still "Logout".
    await page.locator('::-p-aria([name="Logout"][role="button"])').click()
    await waitForPath(page, '/sign-in')
    const { local, session } = await storageOf(page)
    expect(local.accessToken ?? session.accessToken).toBeUndefined()
    expect(local.refresh_token ?? session.refresh_token).toBeUndefined()
    // Logged out for good: the dashboard sends them back.
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'load' })
    await waitForPath(page, '/sign-in')
    expect(pageErrors).toEqual([])
  })
})
