/**
 * Public pages in real Chromium against a real server: the mobile menu at phone width and the
 * contact form, whose message must reach support's mailbox.
 */
import { randomUUID } from 'node:crypto'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { collectPageErrors, launchBrowser, type LaunchedBrowser } from '../support/browser.ts'
import { mailbox } from '../support/mailbox.ts'
import {
  attributeOf,
  bodyOverflow,
  fill,
  focusedLabel,
  nextFrames,
  open,
  scrollRange,
  scrollY,
  valueOf,
  waitForPath,
  waitForToast,
} from '../support/page.ts'
import { startServer, type RunningServer } from '../support/server.ts'

const SUPPORT = 'help-desk@listingbridge.test'

let server: RunningServer
let chromium: LaunchedBrowser
let page: Page
let pageErrors: string[]

beforeAll(async () => {
  ;[server, chromium] = await Promise.all([
    startServer({ env: { SUPPORT_EMAIL: SUPPORT } }),
    launchBrowser(),
  ])
  page = chromium.page
  pageErrors = collectPageErrors(page)
})

afterAll(async () => {
  await Promise.all([chromium.close(), server.stop()])
})

beforeEach(() => {
  pageErrors.length = 0
})

describe('mobile menu at 375 px', () => {
  const openButton = 'header button[aria-label="Open menu"]'
  const menu = '#mobile-menu'

  it('opens, locks the page scroll while open, and closes with Escape', async () => {
    await page.setViewport({ width: 375, height: 740 })
    await open(page, `${server.url}/`)
    expect(await scrollRange(page), 'the landing page is taller than a phone').toBeGreaterThan(0)
    expect(await page.$(menu)).toBeNull()

    await page.locator(openButton).click()
    await page.waitForSelector(`${menu}[role="dialog"]`, { visible: true })
    expect(await attributeOf(page, openButton, 'aria-expanded')).toBe('true')
    expect(await bodyOverflow(page)).toBe('hidden')
    expect(await focusedLabel(page), 'focus moves into the menu').toBe('Close menu')

    // A wheel over the dimmed page does not move it.
    await page.mouse.move(20, 500)
    await page.mouse.wheel({ deltaY: 600 })
    await nextFrames(page)
    expect(await scrollY(page)).toBe(0)

    await page.keyboard.press('Escape')
    await page.waitForSelector(menu, { hidden: true })
    expect(await bodyOverflow(page)).not.toBe('hidden')
    expect(await focusedLabel(page), 'focus returns to the menu button').toBe('Open menu')

    // The same wheel scrolls the page once the menu is closed.
    await page.mouse.wheel({ deltaY: 600 })
    await page.waitForFunction('window.scrollY > 0')
    expect(pageErrors).toEqual([])
  })

  it('follows a link and closes', async () => {
    await page.setViewport({ width: 375, height: 740 })
    await open(page, `${server.url}/`)
    await page.locator(openButton).click()
    await page.locator(`${menu} a[href="/pricing"]`).click()
    await waitForPath(page, '/pricing')
    await page.waitForSelector(menu, { hidden: true })
    expect(await bodyOverflow(page)).not.toBe('hidden')
    expect(pageErrors).toEqual([])
  })
})

describe('contact form', () => {
  it('sends the message to support with the visitor as reply-to, then empties the form', async () => {
    await page.setViewport({ width: 1280, height: 800 })
    const visitor = `visitor.${randomUUID().slice(0, 8)}@example.com`
    const subject = `Team plan for 12 agents ${randomUUID().slice(0, 4)}`
    const message = 'Do you offer a discount for a brokerage of twelve agents?'

    await open(page, `${server.url}/contact-us`)
    await fill(page, '#contact-name', 'Casey Broker')
    await fill(page, '#contact-email', visitor)
    await fill(page, '#contact-phone', '415 555 0123')
    await fill(page, '#contact-company', 'Harbor Realty')
    await fill(page, '#contact-subject', subject)
    await fill(page, '#contact-message', message)
    await page.locator('button[type="submit"]::-p-text(Send Message)').click()
    await waitForToast(page, 'Email sent successfully.')

    // The form is empty again.
    for (const field of [
      '#contact-name',
      '#contact-email',
      '#contact-subject',
      '#contact-message',
    ]) {
      expect(await valueOf(page, field), field).toBe('')
    }

    const mail = await mailbox(server.url).waitFor({ kind: 'contact', to: SUPPORT })
    expect(mail.reply_to).toBe(visitor)
    expect(mail.subject).toContain(subject)
    expect(mail.text).toContain('Casey Broker')
    expect(mail.text).toContain('+14155550123')
    expect(mail.text).toContain('Harbor Realty')
    expect(mail.text).toContain(message)
    expect(pageErrors).toEqual([])
  })
})
