/**
 * Every listing source in real Chromium (api/listing-sources.ts): each site's listing page at its
 * real URL (served from loopback, so the manifest's real match patterns decide), the popup's
 * preview naming the site, Convert, and Marketplace's form (our fixture at its real URL) filled
 * field by field, photos attached, one API call counted (once a day per listing). A rental of each
 * site goes to the rent branch with its monthly rent; a sold or off-market home is refused in the
 * popup: no tab opens, nothing is counted.
 *
 * One agent, one browser, the tests in order. The agent's profile names none of these listings'
 * agents: every conversion asks for the listing broker's permission again.
 */
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingSource } from '../../api/listing-sources.ts'
import {
  clickConvert,
  filledDraftOf,
  marketplaceRecord,
  popupLogin,
  popupPreview,
  popupText,
  screenshotPage,
  screenshotPopup,
  waitForFillReport,
  type MarketplaceRecord,
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

const MARKETPLACE_URL = 'https://www.facebook.com/marketplace/create/rental'

interface Preview {
  price: string
  address: string[]
  facts: string
  photos: string
}

interface Conversion {
  source: ListingSource
  file: string
  preview: Preview
  /** The form's values the listing decides (the rest is checked against the stored draft). */
  form: { listing_type: 'For Sale' | 'For Rent'; property_type: string; price: string }
  photos: number
  /** The move-in date the page gives (rentals). */
  dateAvailable?: string
  /**
   * Whether it counts as an API call: not when the same listing (the source's id) was converted
   * within the day (docs/listings.md#metering).
   */
  counted: boolean
}

interface Refusal {
  source: ListingSource
  file: string
  message: string
}

const SALES: Conversion[] = [
  {
    source: 'realtor',
    file: 'next-data-2026-houston-for-sale.html',
    preview: {
      price: '$345,000',
      address: ['12355 Attlee Dr', 'Houston, TX 77077'],
      facts: '4 bd · 2.5 ba · 2,122 sqft',
      photos: '24 photos (the first 20 go to Marketplace)',
    },
    form: { listing_type: 'For Sale', property_type: 'House', price: '345000' },
    photos: 20,
    counted: true,
  },
  {
    source: 'redfin',
    file: 'sherman-oaks-house-for-sale.html',
    preview: {
      price: '$3,795,000',
      address: ['13157 Otsego', 'Sherman Oaks, CA 91423'],
      facts: '5 bd · 5.5 ba · 3,864 sqft',
      photos: '41 photos (the first 20 go to Marketplace)',
    },
    form: { listing_type: 'For Sale', property_type: 'House', price: '3795000' },
    photos: 20,
    counted: true,
  },
]

const RENTALS: Conversion[] = [
  {
    source: 'zillow',
    file: 'next-data-rental-portland-townhouse.html',
    preview: {
      price: '$2,850/mo',
      address: ['5720 SE Duke St', 'Portland, OR 97206'],
      facts: '2 bd · 2.5 ba · 1,095 sqft',
      photos: 'No photos',
    },
    form: { listing_type: 'For Rent', property_type: 'Townhouse', price: '2850' },
    photos: 0,
    counted: true,
  },
  {
    source: 'realtor',
    file: 'next-data-2026-houston-for-rent.html',
    preview: {
      price: '$2,850/mo',
      address: ['12355 Attlee Dr', 'Houston, TX 77077'],
      facts: '4 bd · 2.5 ba · 2,122 sqft',
      photos: '24 photos (the first 20 go to Marketplace)',
    },
    form: { listing_type: 'For Rent', property_type: 'House', price: '2850' },
    photos: 20,
    dateAvailable: '2026-08-01',
    // The same Realtor.com listing as the sale above, now for rent: converted today already.
    counted: false,
  },
  {
    source: 'redfin',
    file: 'la-quinta-house-for-rent.html',
    preview: {
      price: '',
      address: ['80819 Calle Azul', 'La Quinta, CA 92253'],
      facts: '2 bd · 2.5 ba · 1,557 sqft',
      photos: '',
    },
    form: { listing_type: 'For Rent', property_type: 'House', price: '' },
    photos: 20,
    counted: true,
  },
]

const REFUSALS: Refusal[] = [
  {
    source: 'zillow',
    file: 'next-data-current-ames-condo-sold.html',
    message: 'This home sold on June 17, 2024: there is nothing to advertise.',
  },
  {
    source: 'redfin',
    // Off the market since it sold: the page says when.
    file: 'los-angeles-off-market.html',
    message: 'This home sold on September 5, 2025: there is nothing to advertise.',
  },
  {
    source: 'realtor',
    file: 'next-data-2026-houston-sold.html',
    message: 'This home sold on April 21, 2023: there is nothing to advertise.',
  },
]

const SITE_NAMES: Record<ListingSource, string> = {
  zillow: 'Zillow',
  realtor: 'Realtor.com',
  redfin: 'Redfin',
}

let env: ExtensionEnv
let apiSession: ApiSession
let listingTab: Page

beforeAll(async () => {
  env = await startExtensionEnv()
  const agent = await createAgent(env.server, 'sources')
  const { account } = agent
  apiSession = agent.session
  listingTab = env.ext.page
  const popup = await env.ext.openPopup(listingTab)
  await popup.waitForSelector('input[type="email"]')
  await popupLogin(popup, account)
  await popupText(popup, `Signed in as ${account.email}`)
  await popup.close()
}, ENV_TIMEOUT_MS)

afterAll(async () => {
  await env.close()
}, ENV_TIMEOUT_MS)

/** Every field the draft decides is in the form, and the photos are attached. */
function expectFormHolds(record: MarketplaceRecord, stored: StoredDraft, want: Conversion): void {
  const { state } = record
  const { draft } = stored
  expect(state.listing_type).toBe(want.form.listing_type)
  expect(state.property_type).toBe(want.form.property_type)
  expect(draft.property_type).toBe(want.form.property_type)
  expect(state.price).toBe(String(draft.price))
  if (want.form.price !== '') expect(state.price).toBe(want.form.price)
  for (const key of ['bedrooms', 'bathrooms', 'square_feet'] as const) {
    expect(state[key], key).toBe(draft[key] === null ? '' : String(draft[key]))
  }
  expect(state.description).toBe(draft.description)
  // The typeahead's matching suggestion: the street's number and the city.
  expect(state.address).toContain(draft.address.street.split(' ')[0])
  expect(state.address).toContain(draft.address.city)
  for (const key of ['laundry', 'parking', 'air_conditioning', 'heating'] as const) {
    expect(state[key], key).toBe(draft[key])
  }
  const available = draft.date_available
  if (available !== null) {
    // A date already past is typed as today's (the home is available now), or yesterday's when
    // midnight passed since the fill.
    const typed = (day: Date) => {
      const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`
      const [year, month, date] = (available < iso ? iso : available).split('-')
      return `${month}/${date}/${year}`
    }
    const now = new Date()
    expect([typed(now), typed(new Date(now.getTime() - 60_000))]).toContain(state.date_available)
  }
  expect(draft.date_available).toBe(want.dateAvailable ?? null)
  expect(state.photos).toHaveLength(want.photos)
  expect(stored.photos.filter((photo) => photo.state === 'stored')).toHaveLength(want.photos)
  // Never submitted.
  expect(record.clicks).toEqual([])
}

async function convert(want: Conversion): Promise<void> {
  const { ext, web } = env
  await listingTab.goto(web.listingPage(want.source, want.file), { waitUntil: 'load' })
  const popup = await ext.openPopup(listingTab)
  const preview = await popupPreview(popup)
  expect(preview.source).toBe(`From ${SITE_NAMES[want.source]}`)
  if (want.preview.price !== '') expect(preview.price).toBe(want.preview.price)
  for (const part of want.preview.address) expect(preview.address).toContain(part)
  if (want.preview.facts !== '') expect(preview.facts).toBe(want.preview.facts)
  if (want.preview.photos !== '') expect(preview.photos).toBe(want.preview.photos)
  await screenshotPopup(
    popup,
    `popup-${want.source}-${want.form.listing_type === 'For Rent' ? 'rent' : 'sale'}`,
  )

  const callsBefore = await totalApiCalls(env.server, apiSession)
  await clickConvert(popup)
  const marketplace = await ext.tabAt(MARKETPLACE_URL)
  await waitForFillReport(marketplace)
  const stored = await filledDraftOf(ext)
  expectFormHolds(await marketplaceRecord(marketplace), stored, want)
  await marketplace.setViewport({ width: 1100, height: 1300 })
  await screenshotPage(marketplace, `marketplace-${want.source}-${stored.draft.listing_type}`)
  await marketplace.close()
  expect(await totalApiCalls(env.server, apiSession)).toBe(callsBefore + (want.counted ? 1 : 0))
}

describe('every listing source converts in one click', () => {
  for (const sale of SALES) {
    it(`${SITE_NAMES[sale.source]}: a home for sale fills the sale form with 20 photos`, async () => {
      await convert(sale)
    })
  }

  for (const rental of RENTALS) {
    it(`${SITE_NAMES[rental.source]}: a rental goes to the rent branch, priced per month`, async () => {
      await convert(rental)
    })
  }

  for (const source of ['realtor', 'redfin'] as const) {
    it(`${SITE_NAMES[source]}: its bot check gets a clear message, not a crash`, async () => {
      await listingTab.goto(env.web.listingPage(source, 'bot-check.html'), { waitUntil: 'load' })
      const popup = await env.ext.openPopup(listingTab)
      await popupText(popup, `${SITE_NAMES[source]} is asking you to prove you're human.`)
      expect(await popup.$('::-p-text(Convert to Marketplace listing)')).toBeNull()
      await popup.close()
    })
  }

  for (const refusal of REFUSALS) {
    it(`${SITE_NAMES[refusal.source]}: a home not for sale or rent is refused, nothing counted`, async () => {
      const { ext, web } = env
      const loadsBefore = web.marketplaceLoads().length
      const callsBefore = await totalApiCalls(env.server, apiSession)
      await listingTab.goto(web.listingPage(refusal.source, refusal.file), { waitUntil: 'load' })
      const popup = await ext.openPopup(listingTab)
      await popup.waitForSelector('[data-reason="not-advertisable"]')
      await popupText(popup, refusal.message)
      expect(await popup.$('::-p-text(Convert to Marketplace listing)')).toBeNull()
      await screenshotPopup(popup, `popup-${refusal.source}-refused`)
      await popup.close()
      expect(web.marketplaceLoads()).toHaveLength(loadsBefore)
      expect(await totalApiCalls(env.server, apiSession)).toBe(callsBefore)
    })
  }
})
