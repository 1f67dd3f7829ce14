/**
 * Buying a plan during the free trial, in real Chromium through the built-in test checkout's own
 * page: the trial's days are kept (nothing due today; the first charge, when the trial ends, is
 * said on the checkout page, on /success and in the dashboard), and /success says only what is
 * true — confirming first, then paid, charged later, or not found. Screenshots at 375 and 1280 px
 * go to test-results/screenshots/.
 */
import path from 'node:path'
import type { HTTPRequest, Page } from 'puppeteer-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createVerifiedAccount } from '../support/accounts.ts'
import { startBrowserAndServer, type BrowserAndServer } from '../support/browser-and-server.ts'
import {
  attributeOf,
  horizontalOverflow,
  nextFrames,
  open,
  storageOf,
  textOf,
  textsOf,
  waitForPath,
  waitForText,
} from '../support/page.ts'
import { screenshotDir } from '../support/paths.ts'
import type { RunningServer } from '../support/server.ts'
import { signedOut, signIn } from '../support/site.ts'
import { longUsDate, serverDatabase, usDate } from './data.ts'

let server: RunningServer
let session: BrowserAndServer
let page: Page
let pageErrors: string[]
let db: ReturnType<typeof serverDatabase>

beforeAll(async () => {
  session = await startBrowserAndServer()
  ;({ server, page, pageErrors } = session)
  db = serverDatabase(server)
})

afterAll(async () => {
  db.close()
  await session.close()
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

/** The signed-in user's /users/me, read with the session the page holds. */
async function me(): Promise<{
  subscription_expiry: string | null
  subscription_state: string | null
  trial_end: string | null
}> {
  const { local, session } = await storageOf(page)
  const token = session.accessToken ?? local.accessToken ?? ''
  const res = await fetch(`${server.api}/users/me`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const body = (await res.json()) as {
    data: {
      subscription_expiry: string | null
      subscription_state: string | null
      trial_end: string | null
    }
  }
  return body.data
}

/** "November 27, 2026" in UTC: the test checkout's pages write dates as stored. */
function utcLongDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso))
}

async function shot(name: string, width: 375 | 1280): Promise<void> {
  await page.setViewport({ width, height: 900 })
  await nextFrames(page)
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true })
  expect(await horizontalOverflow(page), `${name} at ${width} px is wider than the screen`).toBe(0)
  expect(await textsOf(page, 'h1'), `${name} at ${width} px has one h1`).toHaveLength(1)
}

/**
 * Where the checkout page's e-mail wraps: for each line after the first, the characters just
 * before and at the break. Read from the rendered text, character by character.
 */
function emailBreaks(): Promise<string[]> {
  return inPage<string[]>(`(() => {
    const dd = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Account')
      ?.nextElementSibling
    if (!dd) throw new Error('no Account row')
    const chars = []
    const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        const range = document.createRange()
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        chars.push({ char: node.data[i], top: range.getBoundingClientRect().top })
      }
    }
    const breaks = []
    for (let i = 1; i < chars.length; i++) {
      if (chars[i].top > chars[i - 1].top + 1) breaks.push(chars[i - 1].char + chars[i].char)
    }
    return breaks
  })()`)
}

/** The checkout page's two buttons' heights, Cancel and the other. */
function buttonHeights(): Promise<number[]> {
  return inPage<number[]>(
    `[...document.querySelectorAll('.actions button')].map((b) => Math.round(b.getBoundingClientRect().height))`,
  )
}

describe('buying during the trial keeps its days', () => {
  it('checkout says nothing is due today and when the first charge is; /success and the dashboard agree', async () => {
    // An address too long for a phone's line, to see where the checkout page wraps it.
    const account = await createVerifiedAccount(server, 'early-upgrade-agent')
    await signIn(page, server.url, account)
    const { trial_end: trialEnd } = await me()
    if (!trialEnd) throw new Error('a new account has a trial')

    await open(page, `${server.url}/pricing`)
    await page.locator('main button::-p-text(Get Started)').click()
    await page.waitForFunction(`document.body.innerText.includes('Test checkout — no charge')`)

    // The test checkout's page: $0.00 today, the first charge on the trial's last day.
    const body = (await textOf(page, 'body')) ?? ''
    expect(body).toContain('Due today')
    expect(body).toMatch(/Due today\s*\$0\.00/)
    expect(body).toContain(`Your first charge of $49.00 is on ${utcLongDate(trialEnd)}.`)
    expect(body).toContain(`Continues until ${utcLongDate(trialEnd)}`)
    expect(body).not.toMatch(/Pay \$/)
    expect(await attributeOf(page, 'link[rel="icon"]', 'href')).toMatch(/^data:image\/svg\+xml,/)
    for (const width of [375, 1280] as const) {
      await page.setViewport({ width, height: 900 })
      await nextFrames(page)
      await page.screenshot({
        path: path.join(screenshotDir, `checkout-trial-${width}.png`),
        fullPage: true,
      })
      expect(await horizontalOverflow(page), `checkout at ${width} px`).toBe(0)
      const [cancel, start] = await buttonHeights()
      expect(cancel, `buttons at ${width} px`).toBe(start)
    }
    // The address has a line of its own; on a phone it wraps after its @, not inside a word.
    expect(await emailBreaks()).toEqual([])
    await page.setViewport({ width: 375, height: 900 })
    expect(await emailBreaks()).toEqual(['@e'])

    // Start the subscription: /success confirms it, with nothing charged yet.
    await page.setViewport({ width: 1280, height: 900 })
    await page.locator('button::-p-text(Start subscription)').click()
    await waitForPath(page, '/success')
    await waitForText(page, 'Subscription Started', 'main h1')
    const success = (await textOf(page, 'main')) ?? ''
    expect(success).toContain(`Your first charge of $49.00 is on ${longUsDate(trialEnd)}.`)
    expect(success).toContain('nothing was charged today')
    expect(success).not.toContain('Payment Successful')
    await shot('success-trial-kept', 375)
    await shot('success-trial-kept', 1280)

    // The dashboard: still the trial's days, the subscription starting when it ends.
    await page.locator('main a::-p-text(Back to Dashboard)').click()
    await waitForPath(page, '/dashboard')
    await page.waitForSelector('[data-status-badge]')
    expect(await textOf(page, '[data-status-badge]')).toBe('Trial: 7 days left')
    // The first charge falls on the trial's end, on the whole second (as Stripe counts).
    const firstCharge = new Date(Math.ceil(Date.parse(trialEnd) / 1000) * 1000).toISOString()
    expect(await me()).toMatchObject({
      subscription_state: 'trialing',
      subscription_expiry: firstCharge,
      trial_end: trialEnd,
    })

    await page.locator('aside nav a::-p-text(Subscriptions)').click()
    await waitForPath(page, '/dashboard/subscriptions')
    await waitForText(page, 'Free trial until', 'main')
    expect(await textOf(page, '[data-fact="expiry"]')).toBe(usDate(trialEnd))
    expect(await textOf(page, '[data-fact="next-charge"]')).toBe('$49.00')
    await shot('dashboard-subscription-trialing', 375)
    await shot('dashboard-subscription-trialing', 1280)

    // Nothing was charged.
    await page.setViewport({ width: 1280, height: 900 })
    await page.locator('aside nav a::-p-text(Transactions)').click()
    await waitForPath(page, '/dashboard/transactions')
    await waitForText(page, 'No transactions found.', 'main')
    expect(pageErrors).toEqual([])
  })

  it('after the trial, Pay charges at once and /success says what was charged', async () => {
    const account = await createVerifiedAccount(server, 'late')
    await signIn(page, server.url, account)
    db.setTrialEnd(account.email, new Date(Date.now() - 60_000).toISOString())
    await open(page, `${server.url}/pricing`)
    await page.locator('main button::-p-text(Get Started)').click()
    await page.waitForFunction(`document.body.innerText.includes('Test checkout — no charge')`)
    expect((await textOf(page, 'body')) ?? '').toMatch(/Due today\s*\$49\.00/)
    for (const width of [375, 1280] as const) {
      await page.setViewport({ width, height: 900 })
      await nextFrames(page)
      await page.screenshot({
        path: path.join(screenshotDir, `checkout-pay-${width}.png`),
        fullPage: true,
      })
      const [cancel, pay] = await buttonHeights()
      expect(cancel, `buttons at ${width} px`).toBe(pay)
    }
    await page.locator('button::-p-text(Pay $49.00)').click()
    await waitForPath(page, '/success')
    await waitForText(page, 'Payment Successful', 'main h1')
    const { subscription_expiry: expiry } = await me()
    const today = longUsDate(new Date().toISOString())
    expect(await textOf(page, 'main')).toContain(
      `We charged $49.00 on ${today}. Your plan renews on ${longUsDate(expiry ?? '')}.`,
    )
    await shot('success-paid', 375)
    await shot('success-paid', 1280)
    expect(pageErrors).toEqual([])
  })
})

describe('/success with a session that does not exist', () => {
  it('confirms first (no "Payment Successful"), then says no payment was found and the way back', async () => {
    // Hold the verification so the page is seen while it waits.
    let held: HTTPRequest | undefined
    const hold = (request: HTTPRequest) => {
      if (request.url().includes('/payment/verify-payment')) held = request
      else void request.continue()
    }
    await page.setRequestInterception(true)
    page.on('request', hold)
    try {
      await open(page, `${server.url}/success?session_id=cs_test_does_not_exist`)
      await waitForText(page, 'Confirming your payment…', 'main h1')
      expect(await textOf(page, 'main')).not.toContain('Successful')
      const request = await vi.waitFor(() => {
        if (!held) throw new Error('the page has not asked to verify the session yet')
        return held
      })
      await request.continue()
    } finally {
      page.off('request', hold)
      await page.setRequestInterception(false)
    }

    await waitForText(page, 'Payment Not Found', 'main h1')
    const text = (await textOf(page, 'main')) ?? ''
    expect(text).toContain('We could not find a payment for this link')
    expect(text).not.toMatch(/Successful|receipt/i)
    expect(await attributeOf(page, 'main a[href="/pricing"]', 'href')).toBe('/pricing')
    expect(await attributeOf(page, 'main a[href="/dashboard"]', 'href')).toBe('/dashboard')
    await shot('success-not-found', 375)
    await shot('success-not-found', 1280)
    expect(pageErrors).toEqual([])
  })
})
