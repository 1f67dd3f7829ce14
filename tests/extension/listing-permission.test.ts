/**
 * "Whose listing is it?", asked in the real popup for every listing (docs/listings.md#in-the-popup),
 * with the built extension in real Chromium and the agent profile saved through the API as the
 * site's Settings saves it. The Zillow listing names Wong Real Estate Grp of KW Advisors:
 * - no profile: the popup links to Settings and offers no Convert; once saved, the next opening
 *   goes on;
 * - the profile names another agent: the box naming KW Advisors must be ticked, every time;
 * - the profile names that agent and brokerage: "Your listing", and Convert converts at once;
 * - the site's Fill again of a stored listing opens Marketplace through the same pipeline.
 *
 * One agent, one browser, the tests in order.
 */
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AgentProfileInput } from '../../api/schemas/agent-profile.ts'
import type { TestAccount } from '../support/accounts.ts'
import {
  filledDraftOf,
  imagesLoaded,
  linkOf,
  popupLogin,
  popupPreview,
  popupText,
  screenshotPopup,
  waitForFillReport,
} from '../support/extension.ts'
import {
  convertedListings,
  createAgent,
  ELSEWHERE_AGENT_PROFILE,
  ENV_TIMEOUT_MS,
  saveAgentProfile,
  startExtensionEnv,
  type ApiSession,
  type ExtensionEnv,
} from '../support/extension-env.ts'
import { textOf } from '../support/page.ts'

const LISTING = 'next-data-current-sf-house-for-sale.html'
/** A Realtor.com listing of another brokerage, converted with the permission box ticked. */
const OTHER_LISTING = 'next-data-2026-houston-for-sale.html'
const MARKETPLACE_URL = 'https://www.facebook.com/marketplace/create/rental'
const CONVERT = '::-p-text(Convert to Marketplace listing)'

/** The agent and brokerage the listing names, as the agent would type them on Settings. */
const LISTING_AGENT_PROFILE: AgentProfileInput = {
  listing_name: 'Wong Real Estate Grp',
  license_number: '01234567',
  license_state: 'CA',
  brokerage: 'KW Advisors',
}

let env: ExtensionEnv
let account: TestAccount
let session: ApiSession
let listingTab: Page

beforeAll(async () => {
  env = await startExtensionEnv()
  ;({ account, session } = await createAgent(env.server, 'permission', null))
  listingTab = env.ext.page
  const popup = await env.ext.openPopup(listingTab)
  await popupLogin(popup, account)
  await popupText(popup, `Signed in as ${account.email}`)
  await popup.close()
  await listingTab.goto(env.web.zillowPage(LISTING), { waitUntil: 'load' })
}, ENV_TIMEOUT_MS)

afterAll(async () => {
  await env.close()
}, ENV_TIMEOUT_MS)

/** The popup over the listing, once it has the profile's answer (any of them). */
async function popupWithProfile(): Promise<Page> {
  const popup = await env.ext.openPopup(listingTab)
  await popupPreview(popup)
  await popup.waitForSelector('[data-permission]')
  return popup
}

async function convertDisabled(popup: Page): Promise<boolean> {
  return popup.$eval(CONVERT, (button) => Reflect.get(button, 'disabled') === true)
}

/** The press of Convert opens Marketplace, whose form the filler fills. */
async function convertsToMarketplace(popup: Page): Promise<void> {
  await popup.locator(CONVERT).click()
  const marketplace = await env.ext.tabAt(MARKETPLACE_URL)
  await waitForFillReport(marketplace)
  await marketplace.close()
}

describe('the popup asks whose listing it is, for every listing', () => {
  it('without an agent profile links to Settings and offers no Convert', async () => {
    const popup = await popupWithProfile()
    await popupText(popup, 'Add your agent profile first', '[data-permission="no-profile"]')
    await imagesLoaded(popup)
    expect(await linkOf(popup, '[data-permission="no-profile"] a')).toEqual({
      text: 'Open Settings',
      href: `${env.server.url}/dashboard/settings`,
      target: '_blank',
    })
    expect(await popup.$(CONVERT)).toBeNull()
    await screenshotPopup(popup, 'popup-no-agent-profile')
    await popup.close()
    expect(await convertedListings(env.server, session)).toEqual([])
  })

  it('on another agent’s listing needs the box naming its brokerage, ticked every time', async () => {
    // Saved on Settings: the next opening of the popup sees it.
    await saveAgentProfile(env.server, session, ELSEWHERE_AGENT_PROFILE)
    let popup = await popupWithProfile()
    await popupText(
      popup,
      'Listed by Wong Real Estate Grp, KW Advisors',
      '[data-permission="broker"] h2',
    )
    await imagesLoaded(popup)
    const box = '[data-permission="broker"] input[type="checkbox"]'
    await popupText(popup, "I have KW Advisors' permission to advertise this listing", 'label')
    expect(await popup.$eval(box, (input) => Reflect.get(input, 'checked') === true)).toBe(false)
    expect(await convertDisabled(popup)).toBe(true)
    await screenshotPopup(popup, 'popup-broker-permission')

    // By keyboard: Space ticks the box, and Convert is enabled.
    await popup.focus(box)
    await popup.keyboard.press('Space')
    expect(await convertDisabled(popup)).toBe(false)
    await convertsToMarketplace(popup)
    const [stored] = await convertedListings(env.server, session)
    expect(stored?.permission).toMatchObject({
      basis: 'broker_permission',
      brokerage: 'KW Advisors',
    })

    // The next opening asks again: the answer is never remembered.
    popup = await popupWithProfile()
    expect(await popup.$eval(box, (input) => Reflect.get(input, 'checked') === true)).toBe(false)
    expect(await convertDisabled(popup)).toBe(true)
    await screenshotPopup(popup, 'popup-broker-permission-again')
    await popup.close()
  })

  it('says "Your listing" when the profile names the listing’s agent and brokerage, and converts at once', async () => {
    await saveAgentProfile(env.server, session, LISTING_AGENT_PROFILE)
    const popup = await popupWithProfile()
    await popupText(popup, 'Your listing', '[data-permission="own"]')
    await popupText(popup, 'Listed by Wong Real Estate Grp, KW Advisors', '[data-permission="own"]')
    expect(await popup.$('input[type="checkbox"]')).toBeNull()
    expect(await convertDisabled(popup)).toBe(false)
    await screenshotPopup(popup, 'popup-own-listing')

    await convertsToMarketplace(popup)
    const [stored] = await convertedListings(env.server, session)
    expect(stored?.permission).toMatchObject({
      basis: 'own_listing',
      listing_agent: 'Wong Real Estate Grp',
      brokerage: 'KW Advisors',
    })
  })
})

/** What the extension answers the site's message, sent from a page of the site. */
async function fromSite(page: Page, message: unknown): Promise<unknown> {
  return page.evaluate(
    (extensionId, payload) =>
      new Promise((resolve) => {
        const runtime = (
          globalThis as unknown as {
            chrome: {
              runtime: {
                sendMessage: (id: string, m: unknown, done: (r: unknown) => void) => void
              }
            }
          }
        ).chrome.runtime
        runtime.sendMessage(extensionId, payload, resolve)
      }),
    env.ext.extensionId,
    message,
  )
}

describe('Fill again from the site', () => {
  it('opens Marketplace beside the site’s tab with a fresh draft of the stored listing', async () => {
    const [stored] = await convertedListings(env.server, session)
    if (!stored) throw new Error('no converted listing')
    const siteTab = await env.ext.browser.newPage()
    await siteTab.goto(`${env.server.url}/`, { waitUntil: 'load' })

    const answer = await fromSite(siteTab, {
      type: 'listing:fill-again',
      payload: { listing_id: stored._id },
    })
    expect(answer).toEqual({ ok: true, value: { ok: true } })
    const marketplace = await env.ext.tabAt(MARKETPLACE_URL)
    await waitForFillReport(marketplace)
    const draft = await filledDraftOf(env.ext)
    expect(draft.listingId).toBe(stored._id)
    expect(draft.photos.filter((photo) => photo.state === 'stored')).toHaveLength(20)
    await marketplace.close()

    // A listing that is not the agent's: the server's message, and no tab.
    expect(
      await fromSite(siteTab, { type: 'listing:fill-again', payload: { listing_id: 'nope' } }),
    ).toEqual({
      ok: true,
      value: {
        ok: false,
        error: { kind: 'rejected', message: 'This listing is not in your account.' },
      },
    })
    await siteTab.close()
  })

  it('the Listings page shows whose listing each is, and its Fill again opens Marketplace', async () => {
    // A second listing, someone else's: converted with the box ticked.
    await listingTab.goto(env.web.listingPage('realtor', OTHER_LISTING), { waitUntil: 'load' })
    const popup = await popupWithProfile()
    await popup.locator('[data-permission="broker"] input[type="checkbox"]').click()
    await convertsToMarketplace(popup)
    const stored = await convertedListings(env.server, session)
    const others = stored.find((listing) => listing.source === 'realtor')
    const own = stored.find((listing) => listing.source === 'zillow')
    const brokerage = others?.permission?.brokerage
    if (!others || !own || !brokerage) throw new Error('both conversions should be stored')

    // The site signs in with the extension's session, as it does for an agent who installed it.
    const siteTab = await env.ext.browser.newPage()
    await siteTab.goto(`${env.server.url}/dashboard/listings`, { waitUntil: 'load' })
    const whose = async (id: string) =>
      (await textOf(siteTab, `tr[data-listing="${id}"] td[data-label="Whose listing"]`))?.trim()
    await siteTab.waitForSelector(`tr[data-listing="${others._id}"]`)
    expect(await whose(own._id)).toBe('Your listing')
    const confirmed = new Date(others.permission?.confirmed_at ?? '').toLocaleDateString('en-US', {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
    })
    const agent = others.permission?.listing_agent
    expect(await whose(others._id)).toBe(
      `Permission from ${brokerage} confirmed ${confirmed}${agent ? `; listed by ${agent}` : ''}`,
    )

    await siteTab.locator(`tr[data-listing="${own._id}"] button::-p-text(Fill again)`).click()
    const marketplace = await env.ext.tabAt(MARKETPLACE_URL)
    await waitForFillReport(marketplace)
    const draft = await filledDraftOf(env.ext)
    expect(draft.listingId).toBe(own._id)
    await marketplace.close()
    // The button is back, and the row says it was converted again just now.
    await siteTab.waitForSelector(
      `tr[data-listing="${own._id}"] button:not([aria-disabled="true"])::-p-text(Fill again)`,
    )
    await siteTab.close()
  })
})
