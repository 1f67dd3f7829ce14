/**
 * The account pages in real Chromium against a real server (`node scripts/start.js`), used the
 * way a person uses them: forms, the mailbox, links from e-mails.
 */
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createVerifiedAccount, newAccount } from '../support/accounts.ts'
import { collectPageErrors, launchBrowser, type LaunchedBrowser } from '../support/browser.ts'
import { mailbox } from '../support/mailbox.ts'
import {
  fill,
  isDisabled,
  open,
  storageOf,
  waitForPath,
  waitForText,
  waitForToast,
} from '../support/page.ts'
import { startServer, type RunningServer } from '../support/server.ts'
import { signedOut, signIn } from '../support/site.ts'

let server: RunningServer
let chromium: LaunchedBrowser
let page: Page
let pageErrors: string[]

beforeAll(async () => {
  ;[server, chromium] = await Promise.all([startServer(), launchBrowser()])
  page = chromium.page
  pageErrors = collectPageErrors(page)
})

afterAll(async () => {
  await Promise.all([chromium.close(), server.stop()])
})

beforeEach(async () => {
  await signedOut(page, server.url)
  pageErrors.length = 0
})

describe('account pages in Chromium', () => {
  it('signs up through the form, verifies from the mailbox, signs in and lands on /dashboard', async () => {
    const account = newAccount('signup')

    await open(page, `${server.url}/sign-up`)
    const submit = 'button[type="submit"]'
    expect(await isDisabled(page, submit), 'Sign Up waits for name, e-mail and password').toBe(true)
    await fill(page, 'input[name="name"]', account.name)
    await fill(page, 'input[name="email"]', account.email)
    await fill(page, 'input[name="phone"]', '415 555 0123')
    await fill(page, 'input[name="password"]', account.password)
    expect(await isDisabled(page, submit)).toBe(false)
    await page.locator(submit).click()

    await waitForPath(page, '/signup-success')
    await waitForToast(page, 'Registration successful')
    await waitForText(page, account.email)

    // The verification e-mail, opened from the mailbox.
    const box = mailbox(server.url)
    const mail = await box.waitFor({ kind: 'verify-email', to: account.email })
    const link = box.link(mail, '/verify-email/')
    await open(page, link.href)
    await waitForText(page, 'Email Verified')

    // "Go to Login", then the sign-in form (not remembered).
    await page.locator('main a[href="/sign-in"]').click()
    await waitForPath(page, '/sign-in')
    await fill(page, 'input[name="email"]', account.email)
    await fill(page, 'input[name="password"]', account.password)
    await page.locator(submit).click()
    await waitForPath(page, '/dashboard')

    // The session is stored for this browser session only (Remember Me unchecked).
    const { local, session } = await storageOf(page)
    expect(session.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(session.refresh_token).toBeTruthy()
    expect(session.userId).toBeTruthy()
    expect(session.email).toBe(account.email)
    expect(session.isLogin).toBe('true')
    expect(local.rememberMe).toBe('false')
    expect(local.accessToken).toBeUndefined()
    expect(pageErrors).toEqual([])
  })

  it('sends a logged-in visitor from every guest page to /dashboard', async () => {
    const account = await createVerifiedAccount(server, 'guest')
    await signIn(page, server.url, account)

    for (const guestPage of [
      '/sign-in',
      '/sign-up',
      '/forgot-password',
      '/reset-password?token=some-token',
      '/reset-password',
    ]) {
      await page.goto(`${server.url}${guestPage}`, { waitUntil: 'load' })
      await waitForPath(page, '/dashboard')
    }
    expect(pageErrors).toEqual([])
  })

  it('resets a forgotten password from the mailbox link; only the new password signs in', async () => {
    const account = await createVerifiedAccount(server, 'forgot')
    const newPassword = 'Harbor-View-7731'

    await open(page, `${server.url}/sign-in`)
    await page.locator('main a[href="/forgot-password"]').click()
    await waitForPath(page, '/forgot-password')
    await fill(page, 'input[name="email"]', account.email)
    await page.locator('button[type="submit"]').click()
    await waitForText(page, 'Email Sent')

    const box = mailbox(server.url)
    const mail = await box.waitFor({ kind: 'password-reset', to: account.email })
    const link = box.link(mail, '/reset-password')
    expect(link.searchParams.get('token')).toBeTruthy()
    await open(page, link.href)
    await waitForText(page, 'Choose a new password')
    await fill(page, 'input[name="password"]', newPassword)
    await fill(page, 'input[name="confirm"]', newPassword)
    await page.locator('button[type="submit"]').click()
    await waitForText(page, 'Password Reset Successful')

    // The used link, opened again, says so at once instead of offering the form.
    await open(page, link.href)
    await waitForText(page, 'This reset link is invalid or has expired', 'main h1')
    expect(await page.$('input[name="password"]')).toBeNull()

    // The old password is refused…
    await page.locator('main a[href="/sign-in"]').click()
    await waitForPath(page, '/sign-in')
    await fill(page, 'input[name="email"]', account.email)
    await fill(page, 'input[name="password"]', account.password)
    await page.locator('button[type="submit"]').click()
    await waitForText(page, 'Invalid email or password', '[role="alert"]')
    expect(new URL(page.url()).pathname).toBe('/sign-in')
    // Said once, beside the form: no toast repeating it.
    expect(await page.$('.toast-error')).toBeNull()

    // …and the new one signs in.
    await fill(page, 'input[name="password"]', newPassword)
    await page.locator('button[type="submit"]').click()
    await waitForPath(page, '/dashboard')
    expect((await storageOf(page)).session.isLogin).toBe('true')
    expect(pageErrors).toEqual([])
  })
})
