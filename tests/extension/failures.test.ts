/**
 * The popup's failure states with the built extension in real Chromium
 * (docs/product.md#lapsed-trial): a trial that has ended (402 → the trial-over message and an
 * Upgrade link to the site's pricing page) and a session the server no longer honours ("Session
 * expired. Please log in again." and the login form). In both the listing stays in the popup, and
 * nothing is counted. And the contrast: an access token that is merely stale is renewed with the
 * refresh token, without a word.
 */
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  STORAGE,
  clickConvert,
  waitForFillReport,
  linkOf,
  popupLogin,
  popupPreview,
  popupText,
  removeStored,
  screenshotPopup,
  storedValue,
  type ExtensionBrowser,
} from '../support/extension.ts'
import {
  apiLogout,
  createAgent,
  endTrial,
  recordedUsage,
  ENV_TIMEOUT_MS,
  startExtensionEnv,
  type ExtensionEnv,
} from '../support/extension-env.ts'

const LISTING = 'next-data-current-sf-house-for-sale.html'
const TRIAL_OVER =
  'Your 7-day free trial has ended. Choose a plan on the Pricing page to keep converting listings.'
const SESSION_EXPIRED = 'Session expired. Please log in again.'

declare const chrome: {
  storage: { session: { set: (values: Record<string, string>) => Promise<void> } }
}

let env: ExtensionEnv
let listingTab: Page

beforeAll(async () => {
  env = await startExtensionEnv()
  listingTab = env.ext.page
  await listingTab.goto(env.web.zillowPage(LISTING), { waitUntil: 'load' })
}, ENV_TIMEOUT_MS)

afterAll(async () => {
  await env.close()
}, ENV_TIMEOUT_MS)

/** Logs in in the popup over the listing tab (logging out first if someone is logged in). */
async function loggedInPopup(
  ext: ExtensionBrowser,
  account: { email: string; password: string },
): Promise<Page> {
  const popup = await ext.openPopup(listingTab)
  await popup.waitForSelector('input[type="email"], button.link-button')
  if (await popup.$('button.link-button')) {
    await popup.locator('::-p-text(Log out)').click()
    await popup.waitForSelector('input[type="email"]')
  }
  await popupLogin(popup, account)
  await popupText(popup, `Signed in as ${account.email}`)
  return popup
}

function noMarketplaceTab(ext: ExtensionBrowser): boolean {
  return !ext.browser.targets().some((t) => t.url().includes('facebook.com/marketplace'))
}

describe('the popup when a conversion cannot go ahead', () => {
  it('shows the trial-over message with an Upgrade link, keeps the listing and counts nothing', async () => {
    const { ext, server } = env
    const { account } = await createAgent(server, 'trial-over')
    endTrial(server, account.email)
    const popup = await loggedInPopup(ext, account)
    const preview = await popupPreview(popup)
    expect(preview.address).toContain('661 Lakeview Ave')

    await clickConvert(popup)
    await popupText(popup, TRIAL_OVER, '[role="alert"][data-kind="upgrade"]')
    expect(await linkOf(popup, '[role="alert"] a')).toEqual({
      text: 'Upgrade',
      href: `${server.url}/pricing`,
      target: '_blank',
    })
    // The listing is still there, and Convert with it, to try again after upgrading.
    expect(await popupPreview(popup)).toEqual(preview)
    expect(await popup.$('::-p-text(Convert to Marketplace listing)')).not.toBeNull()
    await screenshotPopup(popup, 'popup-trial-over')

    expect(recordedUsage(server, account.email)).toEqual({ apiCalls: 0, listings: 0 })
    expect(env.web.photoRequests().filter((r) => r.dest === 'empty')).toEqual([])
    expect(noMarketplaceTab(ext)).toBe(true)
    await popup.close()
  })

  it('says the session expired when the server refuses it, and logging in again keeps the listing', async () => {
    const { ext, server } = env
    const { account } = await createAgent(server, 'expired')
    let popup = await loggedInPopup(ext, account)
    const preview = await popupPreview(popup)
    await popup.close()

    // The session ends elsewhere (logged out on another device: the server revokes the refresh
    // token's family) and the browser was restarted since (no access token in session storage).
    const worker = await ext.worker()
    const refreshToken = await storedValue<string>(worker, 'local', STORAGE.refreshToken)
    if (!refreshToken) throw new Error('the extension keeps no refresh token')
    await apiLogout(server, refreshToken)
    await removeStored(worker, 'session', [STORAGE.accessToken])

    // The popup asks the server for the agent profile as it opens, and hears the session is over.
    popup = await ext.openPopup(listingTab)
    await popupText(popup, SESSION_EXPIRED, '[role="status"]')
    await popup.waitForSelector('input[type="email"]')
    await screenshotPopup(popup, 'popup-session-expired')
    expect(await storedValue(worker, 'local', STORAGE.refreshToken)).toBeUndefined()

    // Logging in again brings back the same listing, and the profile with it: ready to convert.
    await popupLogin(popup, account)
    expect(await popupPreview(popup)).toEqual(preview)
    await popup.waitForSelector('::-p-text(Convert to Marketplace listing)')
    await screenshotPopup(popup, 'popup-after-login-again')

    expect(recordedUsage(server, account.email)).toEqual({ apiCalls: 0, listings: 0 })
    expect(noMarketplaceTab(ext)).toBe(true)
    await popup.close()
  })

  it('renews a stale access token without a word, and the conversion goes through', async () => {
    const { ext, server } = env
    const { account } = await createAgent(server, 'stale-token')
    const popup = await loggedInPopup(ext, account)
    const worker = await ext.worker()
    const refreshed = await storedValue<string>(worker, 'local', STORAGE.refreshToken)
    // Fifteen minutes later the access token is refused (here: it is one the server never made).
    await worker.evaluate(async (key) => {
      await chrome.storage.session.set({ [key]: 'eyJhbGciOiJIUzI1NiJ9.e30.stale' })
    }, STORAGE.accessToken)

    await clickConvert(popup)
    const marketplace = await ext.tabAt('https://www.facebook.com/marketplace/create/rental')
    await waitForFillReport(marketplace)
    // One refresh: a new access token, and the refresh token rotated (docs/product.md#sessions).
    const rotated = await storedValue<string>(worker, 'local', STORAGE.refreshToken)
    expect(rotated).toBeDefined()
    expect(rotated).not.toBe(refreshed)
    expect(await storedValue(worker, 'session', STORAGE.accessToken)).not.toBe(
      'eyJhbGciOiJIUzI1NiJ9.e30.stale',
    )
    expect(recordedUsage(server, account.email)).toEqual({ apiCalls: 1, listings: 1 })
    await marketplace.close()
  })
})
