/**
 * Every page of the site at phone (375 px) and desktop (1280 px) width, full-page screenshots in
 * test-results/screenshots/ for a person to look at. Each shot also checks what a screenshot
 * cannot show at a glance: nothing wider than the viewport, one h1, a page title, no script error.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collectPageErrors, launchBrowser, type LaunchedBrowser } from '../support/browser.ts'
import { horizontalOverflow, open, textsOf, waitForText } from '../support/page.ts'
import { screenshotDir } from '../support/paths.ts'
import { startServer, type RunningServer } from '../support/server.ts'

interface Shot {
  /** File name stem. */
  name: string
  path: string
  /** Text that shows once the page has everything it loads (plans, a verification answer). */
  ready: string
}

const SHOTS: Shot[] = [
  { name: 'home', path: '/', ready: 'Agents Love the Hours They Get Back' },
  { name: 'pricing', path: '/pricing', ready: 'Have Questions' },
  { name: 'contact-us', path: '/contact-us', ready: 'Send Message' },
  { name: 'faq', path: '/faq', ready: 'Frequently Asked Questions' },
  { name: 'privacy', path: '/privacy', ready: 'Privacy Policy' },
  { name: 'terms-of-service', path: '/terms-of-service', ready: 'Terms of Service' },
  { name: 'sign-up', path: '/sign-up', ready: 'Create your account' },
  { name: 'sign-in', path: '/sign-in', ready: 'Welcome back' },
  { name: 'forgot-password', path: '/forgot-password', ready: 'Forgot your password?' },
  // The link is checked on load: a made-up token gets the dead-link page, not the form.
  {
    name: 'reset-password-bad',
    path: '/reset-password?token=x',
    ready: 'This reset link is invalid or has expired',
  },
  { name: 'signup-success', path: '/signup-success', ready: 'Thank you for signing up!' },
  { name: 'login-success', path: '/login-success', ready: 'Welcome back' },
  { name: 'cancel', path: '/cancel', ready: 'Payment Cancelled' },
  { name: 'success-unknown', path: '/success?session_id=cs_test_x', ready: 'Payment Not Found' },
  { name: 'verify-email-bad', path: '/verify-email/bad', ready: 'Verification Failed' },
  { name: 'confirm-email-bad', path: '/confirm-email/bad', ready: 'E-mail not changed' },
  { name: 'not-found', path: '/no-such-page', ready: 'We could not find that page' },
]
const WIDTHS = [375, 1280] as const

let server: RunningServer
let chromium: LaunchedBrowser
let page: Page
let pageErrors: string[]

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[server, chromium] = await Promise.all([startServer(), launchBrowser()])
  page = chromium.page
  pageErrors = collectPageErrors(page)
})

afterAll(async () => {
  await Promise.all([chromium.close(), server.stop()])
})

describe('screenshots of every page', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px`, async () => {
      await page.setViewport({ width, height: 900 })
      const problems: string[] = []
      for (const shot of SHOTS) {
        pageErrors.length = 0
        await open(page, `${server.url}${shot.path}`)
        await waitForText(page, shot.ready, 'main')
        // The pricing plans arrive from the API: no loading placeholder may remain.
        await page.waitForSelector('[aria-label="Loading plans"]', { hidden: true })
        await page.screenshot({
          path: path.join(screenshotDir, `${shot.name}-${width}.png`),
          fullPage: true,
        })

        const overflow = await horizontalOverflow(page)
        if (overflow > 0) problems.push(`${shot.path}: ${overflow} px wider than the viewport`)
        const headings = await textsOf(page, 'h1')
        if (headings.length !== 1) {
          problems.push(`${shot.path}: ${headings.length} h1 (${headings.join(' | ')})`)
        }
        if (!(await page.title()).includes('ListingBridge')) {
          problems.push(`${shot.path}: title "${await page.title()}"`)
        }
        for (const error of pageErrors) problems.push(`${shot.path}: script error ${error}`)
      }
      expect(problems).toEqual([])
    })
  }
})
