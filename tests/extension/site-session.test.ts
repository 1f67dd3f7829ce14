/**
 * The site and the extension share one session (docs/architecture.md#session-sharing), with the
 * built extension in
 * real Chromium and the site served by the same test server: the extension is built with that
 * origin as its site (externally_connectable and the worker's sender check), so the site's
 * `chrome.runtime.sendMessage(<extension id>, …)` reaches it. Logging in on the site logs the
 * extension in, logging out there logs it out, and a login in the popup logs the site in.
 * Deleting the account on the site signs the extension out. The dashboard's first-run checklist
 * finds the extension installed through the same channel.
 */
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVerifiedAccount, type TestAccount } from '../support/accounts.ts'
import {
  STORAGE,
  popupLogin,
  popupPreview,
  popupText,
  screenshotPopup,
  storedValue,
  until,
} from '../support/extension.ts'
import { ENV_TIMEOUT_MS, startExtensionEnv, type ExtensionEnv } from '../support/extension-env.ts'
import { fill, open, storageOf, waitForPath, waitForText } from '../support/page.ts'
import { signIn } from '../support/site.ts'

const LISTING = 'next-data-current-sf-house-for-sale.html'
const ACCOUNT_MENU = 'button[aria-label^="Account menu for"]'

let env: ExtensionEnv
let account: TestAccount
let listingTab: Page
let siteTab: Page

beforeAll(async () => {
  env = await startExtensionEnv()
  account = await createVerifiedAccount(env.server, 'site-session')
  listingTab = env.ext.page
  await listingTab.goto(env.web.zillowPage(LISTING), { waitUntil: 'load' })
  siteTab = await env.ext.browser.newPage()
}, ENV_TIMEOUT_MS)

afterAll(async () => {
  await env.close()
}, ENV_TIMEOUT_MS)

/** The refresh token the extension keeps, or undefined when it is logged out. */
async function extensionRefreshToken(): Promise<string | undefined> {
  return storedValue<string>(await env.ext.worker(), 'local', STORAGE.refreshToken)
}

describe('one session for the site and the extension', () => {
  it('logs the extension in when the agent signs in on the site, and out when they log out there', async () => {
    const { ext, server } = env
    expect(await extensionRefreshToken()).toBeUndefined()

    await siteTab.bringToFront()
    await signIn(siteTab, server.url, account)
    // The site hands its session over right after login; the extension keeps the same tokens.
    await until('the extension to take the site session', async () =>
      Boolean(await extensionRefreshToken()),
    )
    const site = await storageOf(siteTab)
    expect(Object.values({ ...site.local, ...site.session })).toContain(
      await extensionRefreshToken(),
    )

    // The popup over the listing is logged in: no login form, the preview and Convert.
    let popup = await ext.openPopup(listingTab)
    const preview = await popupPreview(popup)
    expect(preview.address).toContain('661 Lakeview Ave')
    expect(await popup.$('input[type="password"]')).toBeNull()
    await popupText(popup, 'Log out', 'header')
    // The site sends tokens only; the worker asked the server who that is.
    await popupText(popup, `Signed in as ${account.email}`)
    await screenshotPopup(popup, 'popup-site-login')
    await popup.close()

    // Log Out in the site's account menu logs the extension out too. (The site's tab comes to
    // the front first: a background tab paints no frames, and clicks wait for one.)
    await siteTab.bringToFront()
    await open(siteTab, `${server.url}/`)
    await siteTab.locator(ACCOUNT_MENU).click()
    await siteTab.locator('[role="menuitem"]::-p-text(Log Out)').click()
    await waitForPath(siteTab, '/sign-in')
    await until('the extension to drop the session', async () => !(await extensionRefreshToken()))
    popup = await ext.openPopup(listingTab)
    await popup.waitForSelector('input[type="password"]')
    await screenshotPopup(popup, 'popup-site-logout')
    await popup.close()
  })

  it('logs the site in on load when the agent logged in in the popup', async () => {
    const { ext, server } = env
    const popup = await ext.openPopup(listingTab)
    await popupLogin(popup, account)
    await popupPreview(popup)
    await popup.close()

    // A signed-out site asks the extension for its session when it loads, and takes it.
    await siteTab.bringToFront()
    await open(siteTab, `${server.url}/`)
    await siteTab.waitForSelector(ACCOUNT_MENU)
    await open(siteTab, `${server.url}/dashboard`)
    expect(new URL(siteTab.url()).pathname).toBe('/dashboard')
  })

  it('ticks the install step of a new agent’s first-run checklist: the extension answers the site', async () => {
    // Signed in on both since the test before; nothing converted yet: the checklist shows.
    await siteTab.bringToFront()
    await open(siteTab, `${env.server.url}/dashboard`)
    await siteTab.waitForSelector('[data-setup-step="install"][data-done="true"]')
    await waitForText(siteTab, 'Found in this browser.', '[data-setup-step="install"]')
    await waitForText(siteTab, '1 of 5 done', '[data-first-run]')
    expect(await siteTab.$('[data-setup-step="install"] a')).toBeNull()
  })

  it('keeps the tokens out of reach of its content scripts', async () => {
    // Logged in since the test before: the refresh token is in chrome.storage.local.
    expect(await extensionRefreshToken()).toBeTruthy()
    await listingTab.bringToFront()
    await listingTab.reload({ waitUntil: 'load' })
    const read = await inContentScript(
      listingTab,
      `Promise.all(['local', 'session'].map((area) =>
         chrome.storage[area].get(null).then(
           (items) => area + ': ' + Object.keys(items).join(','),
           (error) => area + ': refused (' + error.message + ')')))`,
    )
    expect(read).toEqual([
      expect.stringMatching(/^local: refused/),
      expect.stringMatching(/^session: refused/),
    ])
  })

  it('signs the extension out when the agent deletes the account on the site', async () => {
    const { ext, server } = env
    // Signed in on both since the tests before.
    expect(await extensionRefreshToken()).toBeTruthy()
    await siteTab.bringToFront()
    await open(siteTab, `${server.url}/dashboard/settings`)
    await siteTab.locator('main button::-p-text(Delete account…)').click()
    const dialog = '[role="dialog"]'
    await fill(siteTab, `${dialog} input[name="email"]`, account.email)
    await fill(siteTab, `${dialog} input[name="password"]`, account.password)
    await siteTab.locator(`${dialog} button[type="submit"]`).click()
    await waitForPath(siteTab, '/')
    await until('the extension to drop the session', async () => !(await extensionRefreshToken()))
    const popup = await ext.openPopup(listingTab)
    await popup.waitForSelector('input[type="password"]')
    await popup.close()
  })
})

/**
 * Evaluates `expression` in the extension's content-script world of `page` (Chrome's isolated
 * world named after the extension), as the Zillow content script would run it.
 */
async function inContentScript(page: Page, expression: string): Promise<unknown> {
  const cdp = await page.createCDPSession()
  try {
    const worlds: { id: number; name: string; auxData?: { type?: string } }[] = []
    cdp.on('Runtime.executionContextCreated', (event) => {
      worlds.push(event.context)
    })
    await cdp.send('Runtime.enable')
    const ours = () =>
      worlds.find((w) => w.auxData?.type === 'isolated' && w.name === 'ListingBridge')
    await until('the content script world', () => ours() !== undefined)
    const world = ours()
    if (!world) throw new Error('no content script world')
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      contextId: world.id,
      expression,
      awaitPromise: true,
      returnByValue: true,
    })
    if (exceptionDetails) throw new Error(exceptionDetails.text)
    return result.value
  } finally {
    await cdp.detach()
  }
}
