/**
 * The dashboard's Settings page in real Chromium against a real server: name, phone and agent
 * profile saved and still there after a reload; a new e-mail that takes effect once its link is
 * opened; a new password this browser keeps its session through, the old one refused; the data
 * export as the file Chromium downloads; Settings still open once the trial has ended; the
 * account deleted from its dialog, after which its e-mail cannot sign in. Screenshots at 1280 and
 * 375 px go to test-results/screenshots/ for a person to look at.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVerifiedAccount, type TestAccount } from '../support/accounts.ts'
import { collectPageErrors, launchBrowser, type LaunchedBrowser } from '../support/browser.ts'
import { mailbox } from '../support/mailbox.ts'
import {
  fill,
  horizontalOverflow,
  isDisabled,
  nextFrames,
  open,
  storageOf,
  textsOf,
  valueOf,
  waitForPath,
  waitForText,
  waitForToast,
} from '../support/page.ts'
import { screenshotDir } from '../support/paths.ts'
import { startServer, type RunningServer } from '../support/server.ts'
import { signedOut, signIn } from '../support/site.ts'
import { serverDatabase } from './data.ts'
import { accessToken, downloadsInto } from './leads-data.ts'
import { loginStatus, me } from './listings-data.ts'

let server: RunningServer
let chromium: LaunchedBrowser
let page: Page
let pageErrors: string[]
let account: TestAccount
let db: ReturnType<typeof serverDatabase>
// Page globals for the evaluate callbacks (this project has no DOM library).
declare const window: { scrollTo: (options: { top: number; behavior: 'instant' }) => void }

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[server, chromium] = await Promise.all([startServer(), launchBrowser()])
  page = chromium.page
  pageErrors = collectPageErrors(page)
  db = serverDatabase(server)
  account = await createVerifiedAccount(server, 'settings')
})

afterAll(async () => {
  db.close()
  await Promise.all([chromium.close(), server.stop()])
})

/** A full-page shot from the top; `fullPage: false` for a dialog, which sits in the viewport. */
async function shot(name: string, width: 375 | 1280, { fullPage = true } = {}): Promise<void> {
  await page.setViewport({ width, height: 900 })
  // From the top: a sticky header drawn mid-page is not what a person sees.
  if (fullPage)
    await page.evaluate(() => {
      window.scrollTo({ top: 0, behavior: 'instant' })
    })
  await nextFrames(page)
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage })
  expect(await horizontalOverflow(page), `${name} at ${width} px is wider than the screen`).toBe(0)
}

/** A section of the page, by the id its heading names. */
const section = (id: string) => `main section[aria-labelledby="${id}-title"]`
const field = (id: string, name: string) => `${section(id)} input[name="${name}"]`

async function submit(id: string, button: string): Promise<void> {
  await page.locator(`${section(id)} button::-p-text(${button})`).click()
}

/**
 * Empties a field with the keyboard and types `value`, as a person would: the phone field
 * regroups what is typed, so a value set from outside would not reach React.
 */
async function retype(selector: string, value: string): Promise<void> {
  await page.click(selector, { count: 3 })
  await page.keyboard.press('Backspace')
  await page.type(selector, value)
}

async function openSettings(): Promise<void> {
  await page.locator('aside nav a::-p-text(Settings)').click()
  await waitForPath(page, '/dashboard/settings')
  await waitForText(page, 'Delete account', 'main h2')
}

describe('settings page', () => {
  it('saves name, phone and agent profile, which are still there after a reload', async () => {
    await page.setViewport({ width: 1280, height: 900 })
    await signIn(page, server.url, account)
    await openSettings()
    expect(await valueOf(page, field('profile', 'full_name'))).toBe(account.name)
    expect(await valueOf(page, field('profile', 'phone'))).toBe('415 555 0123')

    await fill(page, field('profile', 'full_name'), 'Pat Q. Settings')
    await retype(field('profile', 'phone'), '5125550188')
    await submit('profile', 'Save profile')
    await waitForText(page, 'Profile saved.', section('profile'))
    // The header's name follows at once.
    await waitForText(page, 'Pat Q. Settings', '[data-user-name]')

    await fill(page, field('agent-profile', 'listing_name'), 'Pat Q. Settings')
    await fill(page, field('agent-profile', 'brokerage'), 'Settings Realty')
    await fill(page, field('agent-profile', 'license_number'), '0701234')
    await fill(page, field('agent-profile', 'license_state'), 'tx')
    await submit('agent-profile', 'Save agent profile')
    await waitForText(page, 'Agent profile saved.', section('agent-profile'))
    await shot('dashboard-settings', 1280)
    await shot('dashboard-settings', 375)
    await page.setViewport({ width: 1280, height: 900 })

    await page.reload({ waitUntil: 'load' })
    await waitForText(page, 'Delete account', 'main h2')
    expect(await valueOf(page, field('profile', 'full_name'))).toBe('Pat Q. Settings')
    expect(await valueOf(page, field('profile', 'phone'))).toBe('512 555 0188')
    expect(await valueOf(page, field('agent-profile', 'listing_name'))).toBe('Pat Q. Settings')
    expect(await valueOf(page, field('agent-profile', 'brokerage'))).toBe('Settings Realty')
    expect(await valueOf(page, field('agent-profile', 'license_number'))).toBe('0701234')
    expect(await valueOf(page, field('agent-profile', 'license_state'))).toBe('TX')
    const saved = await me(server, await accessToken(server, account))
    expect(saved).toMatchObject({
      full_name: 'Pat Q. Settings',
      phone: '+15125550188',
      agent_profile: {
        listing_name: 'Pat Q. Settings',
        license_number: '0701234',
        license_state: 'TX',
        brokerage: 'Settings Realty',
      },
    })
    expect(pageErrors).toEqual([])
  })

  it('shows the server’s refusal on its field and keeps what was typed', async () => {
    await fill(page, field('email', 'email'), 'pat.elsewhere@example.com')
    await fill(page, field('email', 'current_password'), 'not-my-password')
    await submit('email', 'Change e-mail')
    await page.waitForSelector(`${field('email', 'current_password')}[aria-invalid="true"]`)
    expect(await textsOf(page, `${section('email')} [role="alert"]`)).not.toEqual([])
    expect(await valueOf(page, field('email', 'email'))).toBe('pat.elsewhere@example.com')
    expect(await valueOf(page, field('email', 'current_password'))).toBe('not-my-password')
    expect(pageErrors).toEqual([])
  })

  it('changes the e-mail once the link sent to the new address is opened', async () => {
    const next = account.email.replace('@', '.new@')
    await fill(page, field('email', 'email'), next)
    await fill(page, field('email', 'current_password'), account.password)
    await submit('email', 'Change e-mail')
    await waitForText(
      page,
      `We sent a link to ${next}. Your e-mail changes when you open it.`,
      section('email'),
    )
    await waitForText(page, `Waiting for confirmation: ${next}`, section('email'))

    const box = mailbox(server.url)
    const mail = await box.waitFor({ kind: 'email-change', to: next })
    const link = box.link(mail, '/confirm-email/')
    await open(page, link.toString().replace(link.origin, server.url))
    await waitForText(page, `Your e-mail is now ${next}`, 'main')
    expect(await loginStatus(server, next, account.password)).toBe(200)
    expect(await loginStatus(server, account.email, account.password)).toBe(401)
    account = { ...account, email: next }

    await page.locator('main a::-p-text(Go to Settings)').click()
    await waitForPath(page, '/dashboard/settings')
    await waitForText(page, `You sign in with ${next}`, section('email'))
    expect(pageErrors).toEqual([])
  })

  it('changes the password: this browser stays signed in, elsewhere only the new one works', async () => {
    const elsewhere = await accessToken(server, account)
    const password = `${account.password}-2`
    await fill(page, field('password', 'current_password'), account.password)
    await fill(page, field('password', 'new_password'), password)
    await fill(page, field('password', 'confirm'), password)
    await submit('password', 'Change password')
    await waitForText(
      page,
      'Password changed. You were signed out everywhere else.',
      section('password'),
    )
    // The other session ended; this page's new one works after a reload.
    const res = await fetch(`${server.api}/users/me`, {
      headers: { authorization: `Bearer ${elsewhere}` },
    })
    expect(res.status).toBe(401)
    await page.reload({ waitUntil: 'load' })
    await waitForText(page, 'Delete account', 'main h2')
    expect(await loginStatus(server, account.email, account.password)).toBe(401)
    account = { ...account, password }

    await signedOut(page, server.url)
    await signIn(page, server.url, account)
    await openSettings()
    expect(pageErrors).toEqual([])
  })

  it('downloads the account’s data as a dated JSON file', async () => {
    const downloads = await downloadsInto(chromium.browser)
    await submit('your-data', 'Download my data')
    const file = await downloads.file()
    await downloads.detach()
    const today = new Date()
    const day = [
      today.getFullYear(),
      String(today.getMonth() + 1).padStart(2, '0'),
      String(today.getDate()).padStart(2, '0'),
    ].join('-')
    expect(file.name).toBe(`listingbridge-export-${day}.json`)
    const data = JSON.parse(file.bytes.toString('utf8')) as {
      account: { email: string; full_name: string }
      agent_profile: { brokerage: string } | null
    }
    expect(data.account).toMatchObject({ email: account.email, full_name: 'Pat Q. Settings' })
    expect(data.agent_profile?.brokerage).toBe('Settings Realty')
    await waitForText(page, `Saved ${file.name}.`, section('your-data'))
    expect(pageErrors).toEqual([])
  })

  it('stays open once the trial has ended: data and deletion need no plan', async () => {
    db.setTrialEnd(account.email, new Date(Date.now() - 60_000).toISOString())
    await signedOut(page, server.url)
    await open(page, `${server.url}/sign-in`)
    await fill(page, 'input[name="email"]', account.email)
    await fill(page, 'input[name="password"]', account.password)
    await page.locator('button[type="submit"]').click()
    // Login goes to /dashboard, which sends an ended trial on to the plans.
    await waitForPath(page, '/pricing')
    await open(page, `${server.url}/dashboard/settings`)
    await waitForText(page, 'Delete account', 'main h2')
    expect(await textsOf(page, 'aside nav a')).toEqual(['Listings', 'Transactions', 'Settings'])
    expect(await textsOf(page, '[data-status-badge]')).toEqual(['Expired'])
    expect(pageErrors).toEqual([])
  })

  it('deletes the account from its dialog; its e-mail cannot sign in any more', async () => {
    await page.locator('main button::-p-text(Delete account…)').click()
    const dialog = '[role="dialog"]'
    await waitForText(page, 'Delete your account?', dialog)
    await waitForText(page, 'Records of your payments are kept', dialog)
    const confirm = `${dialog} button[type="submit"]`
    expect(await isDisabled(page, confirm)).toBe(true)
    await fill(page, `${dialog} input[name="email"]`, account.email.slice(0, -1))
    expect(await isDisabled(page, confirm)).toBe(true)
    await fill(page, `${dialog} input[name="email"]`, account.email.toUpperCase())
    expect(await isDisabled(page, confirm)).toBe(false)
    await fill(page, `${dialog} input[name="password"]`, account.password)
    await shot('dashboard-settings-delete', 1280, { fullPage: false })
    await shot('dashboard-settings-delete', 375, { fullPage: false })
    await page.setViewport({ width: 1280, height: 900 })

    await page.locator(confirm).click()
    await waitForPath(page, '/')
    await waitForToast(page, 'Your account was deleted.')
    const { local, session } = await storageOf(page)
    expect(local.accessToken ?? session.accessToken).toBeUndefined()
    expect(local.refresh_token ?? session.refresh_token).toBeUndefined()
    expect(await loginStatus(server, account.email, account.password)).toBe(401)

    await open(page, `${server.url}/sign-in`)
    await fill(page, 'input[name="email"]', account.email)
    await fill(page, 'input[name="password"]', account.password)
    await page.locator('button[type="submit"]').click()
    await page.waitForSelector('main [role="alert"]')
    expect(new URL(page.url()).pathname).toBe('/sign-in')
    expect(pageErrors).toEqual([])
  })
})
