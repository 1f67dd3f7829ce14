/**
 * One agent's session with the built extension in real Chromium
 * (docs/architecture.md#conversion-path): log in in the real popup, open a Zillow listing at its
 * real URL (served from loopback), convert it, and find Facebook Marketplace's form (our fixture,
 * at its real URL) filled with every field and 20 photos, never submitted, and the conversion
 * counted once on the dashboard. Then: the tab opens and its text fields are filled while the
 * photos still download, which are attached when they arrive; and conversions during which Chrome
 * stops the service worker: between the stored draft and the fill (the form still gets filled from
 * the stored photos), and while the photos download (the restarted worker downloads them again when
 * the tab asks, and the form still gets all 20).
 *
 * The tests run in order (vitest runs a file's tests one after another) and share the browser:
 * the later ones are the same agent's next conversions of the same listing, counted once a day.
 * The agent's profile names another agent, so each conversion ticks the listing broker's box.
 */
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestAccount } from '../support/accounts.ts'
import {
  STORAGE,
  clickConvert,
  fillProgress,
  imagesLoaded,
  isMarkedWorker,
  marketplaceRecord,
  popupLogin,
  popupPreview,
  popupText,
  screenshotPage,
  screenshotPopup,
  storedValue,
  until,
  waitForFillReport,
  waitForMarketplaceField,
  filledDraftOf,
  type MarketplaceRecord,
  type StoredConversion,
  type StoredDraft,
} from '../support/extension.ts'
import {
  createAgent,
  ENV_TIMEOUT_MS,
  startExtensionEnv,
  totalApiCalls,
  type ApiSession,
  type ExtensionEnv,
} from '../support/extension-env.ts'

const LISTING = 'next-data-current-sf-house-for-sale.html'
const MARKETPLACE_URL = 'https://www.facebook.com/marketplace/create/rental'

let env: ExtensionEnv
let account: TestAccount
let apiSession: ApiSession
let listingTab: Page
let listingUrl = ''

beforeAll(async () => {
  env = await startExtensionEnv()
  ;({ account, session: apiSession } = await createAgent(env.server, 'convert'))
  listingUrl = env.web.zillowPage(LISTING)
}, ENV_TIMEOUT_MS)

afterAll(async () => {
  await env.close()
}, ENV_TIMEOUT_MS)

/** The draft the worker stored for the conversion that just finished, once filled. */
const filledDraft = () => filledDraftOf(env.ext)

/** Every photo URL the worker has downloaded so far (fetch(), not an <img>), in order. */
function photoDownloads(): string[] {
  return env.web
    .photoRequests()
    .filter((request) => request.dest === 'empty')
    .map((request) => `https://photos.zillowstatic.com${request.path}`)
}

/** Every field of the sale form holds the draft's value, and 20 photos are attached. */
function expectFilledWith(record: MarketplaceRecord, stored: StoredDraft, photo: Buffer): void {
  const { state } = record
  const { draft } = stored
  expect(draft.listing_type).toBe('sale')
  expect(state.listing_type).toBe('For Sale')
  expect(state.property_type).toBe(draft.property_type)
  expect(state.bedrooms).toBe(String(draft.bedrooms))
  expect(state.bathrooms).toBe(String(draft.bathrooms))
  expect(state.price).toBe(String(draft.price))
  expect(state.square_feet).toBe(String(draft.square_feet))
  expect(state.description).toBe(draft.description)
  // The typeahead's matching suggestion was picked (the fixture offers it fourth).
  expect(state.address).toBe('661 Lakeview Avenue, San Francisco, California')
  for (const key of ['laundry', 'parking', 'air_conditioning', 'heating'] as const) {
    expect(draft[key], key).not.toBeNull()
    expect(state[key], key).toBe(draft[key])
  }
  expect(state.photos).toHaveLength(20)
  expect(state.photos).toEqual(
    Array.from({ length: 20 }, (_, i) => ({
      name: `listing-photo-${String(i + 1).padStart(2, '0')}.jpg`,
      type: 'image/jpeg',
      size: photo.length,
      isFile: true,
    })),
  )
  // Nothing was left to the user, and nothing was submitted.
  expect(stored.fillSummary?.needsUser).toEqual([])
  expect(record.clicks).toEqual([])
}

describe('the extension turns a Zillow listing into a filled Marketplace draft', () => {
  it('logs in in the popup, previews the listing, converts it, fills the form and counts one call', async () => {
    const { ext, web } = env
    listingTab = ext.page

    // Logged out: the popup is the login form.
    let popup = await ext.openPopup(listingTab)
    await popup.waitForSelector('input[type="email"]')
    await screenshotPopup(popup, 'popup-login')
    await popupLogin(popup, account)
    await popupText(popup, `Signed in as ${account.email}`)
    // Over a tab that is no listing, it says so.
    await popupText(popup, 'Not a listing page')
    await screenshotPopup(popup, 'popup-no-listing')

    // The listing at its real URL; the popup opened over it previews it.
    await listingTab.goto(listingUrl, { waitUntil: 'load' })
    popup = await ext.openPopup(listingTab)
    const preview = await popupPreview(popup)
    expect(preview.price).toBe('$850,000')
    expect(preview.address).toContain('661 Lakeview Ave')
    expect(preview.address).toContain('San Francisco, CA 94112')
    expect(preview.facts).toBe('2 bd · 1 ba · 900 sqft')
    expect(preview.photos).toBe('21 photos (the first 20 go to Marketplace)')
    await imagesLoaded(popup)
    await screenshotPopup(popup, 'popup-preview')

    const callsBefore = await totalApiCalls(env.server, apiSession)

    // Another agent's listing: Convert waits for the box saying its brokerage agreed.
    await popup.waitForSelector('[data-permission="broker"]')
    await popupText(popup, "I have KW Advisors' permission to advertise this listing")
    const convertButton = '::-p-text(Convert to Marketplace listing)'
    expect(
      await popup.$eval(convertButton, (button) => Reflect.get(button, 'disabled') === true),
    ).toBe(true)
    await screenshotPopup(popup, 'popup-permission')
    await clickConvert(popup)

    // A new tab opens Marketplace's form at its real URL, and the filler fills it.
    const marketplace = await ext.tabAt(MARKETPLACE_URL)
    await waitForFillReport(marketplace)
    expect(new URL(marketplace.url()).href).toBe(MARKETPLACE_URL)
    expect(web.marketplaceLoads().map((load) => load.path)).toEqual(['/marketplace/create/rental'])

    const stored = await filledDraft()
    expect(stored.draft.photos).toHaveLength(20)
    expect(stored.photos.map((photo) => photo.state)).toEqual(Array(20).fill('stored'))
    expectFilledWith(await marketplaceRecord(marketplace), stored, env.photo)
    await marketplace.setViewport({ width: 1100, height: 1300 })
    await screenshotPage(marketplace, 'marketplace-filled')

    // The worker downloaded exactly the draft's 20 photos, once each (fetch(), not an <img>).
    expect(photoDownloads().sort()).toEqual([...stored.draft.photos].sort())

    // One metered call, on the dashboard the site shows.
    expect(await totalApiCalls(env.server, apiSession)).toBe(callsBefore + 1)

    // The popup over the listing says where the draft went.
    popup = await ext.openPopup(listingTab)
    await popupText(popup, 'Marketplace opened in a new tab')
    await screenshotPopup(popup, 'popup-converted')
    // Convert stays whole in sight in the popup at its real size: the notice does not push it out.
    const convertAgain = await popup.waitForSelector(convertButton)
    expect(await convertAgain?.isIntersectingViewport({ threshold: 1 })).toBe(true)
    await popup.close()
    await marketplace.close()
  })

  it('opens Marketplace before the photos are downloaded, fills the text meanwhile, then attaches all 20', async () => {
    const { ext, web } = env
    const requestsBefore = web.photoRequests().length
    // The photos' downloads hang until the test lets them through.
    const hold = web.holdPhotos()
    const popup = await ext.openPopup(listingTab)
    await popupPreview(popup)
    await clickConvert(popup)

    // The tab opens, and every field but the photos is filled, while no photo has arrived.
    const marketplace = await ext.tabAt(MARKETPLACE_URL)
    await hold.requested
    await waitForMarketplaceField(marketplace, 'heating')
    const { state } = await marketplaceRecord(marketplace)
    expect(state.price).not.toBe('')
    expect(state.photos).toEqual([])
    expect(await fillProgress(marketplace)).toBe('Adding photos 0/20')
    expect(await marketplace.$('[data-listingbridge="report"]')).toBeNull()
    await screenshotPage(marketplace, 'marketplace-waiting-for-photos')

    hold.release()
    await waitForFillReport(marketplace)
    expectFilledWith(await marketplaceRecord(marketplace), await filledDraft(), env.photo)
    // The server saw the tab ask for Marketplace before the last photo download was asked for.
    const tabAsked = web.marketplaceLoads().at(-1)?.at ?? Infinity
    const downloads = web
      .photoRequests()
      .slice(requestsBefore)
      .filter((request) => request.dest === 'empty')
    expect(downloads).toHaveLength(20)
    expect(tabAsked).toBeLessThan(Math.max(...downloads.map((request) => request.at)))
    await marketplace.close()
  })

  it('fills the form even when Chrome stops the service worker between the draft and the fill', async () => {
    const { ext, web } = env
    const callsBefore = await totalApiCalls(env.server, apiSession)
    // The Marketplace page answers only when the test says: the worker has stored the draft and
    // opened the tab, and nothing has asked for the draft yet.
    const hold = web.holdMarketplace()
    const popup = await ext.openPopup(listingTab)
    await popupPreview(popup)
    await clickConvert(popup)
    await hold.requested

    const before = await ext.worker()
    const conversion = await storedValue<StoredConversion>(before, 'session', STORAGE.conversion)
    expect(conversion?.phase).toBe('done')
    const tabId = conversion?.marketplaceTabId ?? -1
    // The photos download meanwhile; this test stops the worker once they are all stored.
    let pending: StoredDraft | undefined
    await until('the 20 photos to be stored', async () => {
      pending = await storedValue<StoredDraft>(before, 'session', STORAGE.draft(tabId))
      return pending?.photos.filter((photo) => photo.state === 'stored').length === 20
    })
    expect(pending?.filledAt).toBeNull()

    await ext.stopWorker()
    hold.release()

    // The content script's first message starts the worker again, which finds the draft and its
    // photos in storage.
    const marketplace = await ext.tabAt(MARKETPLACE_URL)
    await waitForFillReport(marketplace)
    const after = await ext.worker()
    expect(await isMarkedWorker(after)).toBe(false)

    const stored = await filledDraft()
    expectFilledWith(await marketplaceRecord(marketplace), stored, env.photo)
    await screenshotPage(marketplace, 'marketplace-filled-after-worker-restart')
    // The same listing again within a day is not counted again (docs/listings.md#metering).
    expect(await totalApiCalls(env.server, apiSession)).toBe(callsBefore)
    await marketplace.close()
  })

  it('downloads again the photos whose download died with the worker, and the form still gets all 20', async () => {
    const { ext, web } = env
    const callsBefore = await totalApiCalls(env.server, apiSession)
    const requestsBefore = photoDownloads().length
    const hold = web.holdPhotos()
    const popup = await ext.openPopup(listingTab)
    await popupPreview(popup)
    await clickConvert(popup)
    await hold.requested

    // The tab is open and waits for the photos, which hang; Chrome stops the worker now, and the
    // downloads die with it.
    const marketplace = await ext.tabAt(MARKETPLACE_URL)
    await waitForMarketplaceField(marketplace, 'heating')
    expect(await fillProgress(marketplace)).toBe('Adding photos 0/20')
    const died = photoDownloads().slice(requestsBefore)
    expect(died.length).toBeGreaterThan(0)
    await ext.stopWorker()
    hold.release()

    // The tab asks again; a new worker finds the photos still "downloading" in the draft's record,
    // with nothing downloading them, and downloads them from the URLs kept there.
    await waitForFillReport(marketplace)
    expect(await isMarkedWorker(await ext.worker())).toBe(false)
    const stored = await filledDraft()
    expectFilledWith(await marketplaceRecord(marketplace), stored, env.photo)
    const requested = photoDownloads().slice(requestsBefore)
    for (const url of stored.draft.photos) expect(requested, url).toContain(url)
    // Those that hung were asked for twice: by the worker that died, and by the new one.
    for (const url of died) {
      expect(
        requested.filter((asked) => asked === url),
        url,
      ).toHaveLength(2)
    }
    // The same listing within a day: not counted again, whichever worker downloaded.
    expect(await totalApiCalls(env.server, apiSession)).toBe(callsBefore)
    await marketplace.close()
  })
})
