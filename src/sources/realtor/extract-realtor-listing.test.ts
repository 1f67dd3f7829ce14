import { describe, expect, it } from 'vitest'
import { normalizedListing, type NormalizedListing } from '../../../api/schemas/listing.ts'
import botCheckPage from '../../../tests/fixtures/realtor/bot-check.html?raw'
import jsonLdOnlyPage from '../../../tests/fixtures/realtor/json-ld-and-meta-only-2026-houston-for-sale.html?raw'
import legacyPage from '../../../tests/fixtures/realtor/legacy-markup-2017-bakersfield-condo-for-sale.html?raw'
import sold2023Page from '../../../tests/fixtures/realtor/next-data-2023-houston-sold.html?raw'
import forRentPage from '../../../tests/fixtures/realtor/next-data-2026-houston-for-rent.html?raw'
import forSalePage from '../../../tests/fixtures/realtor/next-data-2026-houston-for-sale.html?raw'
import sold2026Page from '../../../tests/fixtures/realtor/next-data-2026-houston-sold.html?raw'
import { extractionMessage, type ListingExtraction } from '../../listing/listing-extraction.ts'
import { extractRealtorListing } from './extract-realtor-listing.ts'

const HOUSTON_URL =
  'https://www.realtor.com/realestateandhomes-detail/12355-Attlee-Dr_Houston_TX_77077_M70330-35605'
const HOUSTON_RENTAL_URL =
  'https://www.realtor.com/rentals/details/12355-Attlee-Dr_Houston_TX_77077_M70330-35605'
const BAKERSFIELD_URL =
  'https://www.realtor.com/realestateandhomes-detail/5804-Cedar-Glen-Ln_Bakersfield_CA_93313_M12147-18296'
/** A home the Bakersfield page lists among similar homes. */
const MARCH_AVE_URL =
  'https://www.realtor.com/realestateandhomes-detail/2303-March-Ave_Bakersfield_CA_93313_M12249-58023'
/** Another home's URL (made up: the Houston data has no neighbours to borrow one from). */
const OTHER_HOUSTON_URL =
  'https://www.realtor.com/realestateandhomes-detail/12343-Attlee-Dr_Houston_TX_77077_M70330-35599'

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html')
}

function extract(html: string, url: string): ListingExtraction {
  return extractRealtorListing(parse(html), url)
}

/** The listing, checked against the contract the server validates with. */
function listingOf(html: string, url: string): NormalizedListing {
  const result = extract(html, url)
  if (!result.ok) throw new Error(`expected a listing, got ${result.reason}: ${result.message}`)
  return normalizedListing.parse(result.listing)
}

function failure(reason: 'bot-check' | 'not-a-listing' | 'stale-page' | 'no-data') {
  return { ok: false, reason, message: extractionMessage(reason, 'realtor') }
}

// ---------------------------------------------------------------------------------------------
// What the pages say, read by hand from the shared files (Houston: the scraper's JSON; Bakersfield:
// the page's markup), not by the extractor's code.

/** The `photos[].url` ids of the Houston file, in order (`…l-m<id>s.jpg`). */
const HOUSTON_PHOTO_IDS = [
  '1594155027',
  '905340585',
  '1793590669',
  '1320565157',
  '2366184425',
  '3477719575',
  '2704413828',
  '2105253865',
  '3641318585',
  '1272382115',
  '842207905',
  '1351407913',
  '3031746566',
  '318561354',
  '1629933250',
  '960969417',
  '3013186773',
  '3547481808',
  '2108393014',
  '3372309277',
  '1102622999',
  '2853036951',
  '1221079774',
  '1410557868',
]
const HOUSTON_GALLERY = HOUSTON_PHOTO_IDS.map(
  (id) => `https://ap.rdcpix.com/132d56bb4259d8a3f157f650dbbc314dl-m${id}rd-w2048_h1536.jpg`,
)

const HOUSTON_DESCRIPTION =
  'Here it is! Do not miss this professionally remodeled home in highly desirable west Houston that includes new windows and HVAC system. You will love the brand new kitchen featuring quartz countertops, shaker cabinets, stainless steel appliances and tile backsplash. Both full bathrooms feature beautiful new showers and vanities with all the modern finishing touches. Light and bright with fresh paint and all new flooring. Nice backyard with mature landscaping is perfect for entertaining or letting the kids play. Send in your best offer today! This home has been Virtually Staged to illustrate its potential.'

/** The 2026 file: seller's agent only in `agent` (source.agents), office phones toll free first. */
const HOUSTON_SOLD_2026: NormalizedListing = {
  source: 'realtor',
  source_id: '7033035605',
  url: HOUSTON_URL,
  address: { street: '12355 Attlee Dr', city: 'Houston', state: 'TX', zip: '77077' },
  // sold_price is null: the last list price.
  price: 345_000,
  listing_status: 'sold',
  home_type: 'single_family',
  bedrooms: 4,
  // baths_consolidated "2.5": two full, one half.
  bathrooms: 2.5,
  living_area_sqft: 2122,
  lot_size_sqft: 7919,
  year_built: 1970,
  description: HOUSTON_DESCRIPTION,
  photos: HOUSTON_GALLERY,
  facts: {
    heating: ['Central Gas'],
    cooling: ['Central Electric'],
    laundry: null,
    parking: ['Garage Spaces: 2', 'Attached Garage'],
  },
  // The buyer's agent (Val Arbona) is not the listing's.
  listing_agent: { name: 'Feras Rachid', phone: '(855) 327-9361' },
  broker: { name: 'Opendoor Brokerage, LLC', phone: '(888) 352-7075' },
  date_available: null,
  sold_date: '2023-04-21',
}

/** The 2023 file: the advertiser names the agent and a business phone; the office its own. */
const HOUSTON_SOLD_2023: NormalizedListing = {
  ...HOUSTON_SOLD_2026,
  listing_agent: { name: 'Feras Rachid', phone: '(281) 623-1165' },
  broker: { name: 'Opendoor Brokerage, LLC', phone: '(855) 327-9361' },
}

const HOUSTON_FOR_SALE: NormalizedListing = {
  ...HOUSTON_SOLD_2026,
  listing_status: 'for_sale',
  sold_date: null,
}

const HOUSTON_FOR_RENT: NormalizedListing = {
  ...HOUSTON_FOR_SALE,
  url: HOUSTON_RENTAL_URL,
  price: 2850,
  listing_status: 'for_rent',
  date_available: '2026-08-01',
}

const BAKERSFIELD_GALLERY = [
  '1181386804/6af1cc185beff7ea3b6e5804e4b18854l-m0',
  '932058237/6af1cc185beff7ea3b6e5804e4b18854l-m1',
  '848695502/6af1cc185beff7ea3b6e5804e4b18854l-m2',
  '1453931224/6af1cc185beff7ea3b6e5804e4b18854l-m3',
  '2043243271/6af1cc185beff7ea3b6e5804e4b18854l-m4',
  '1599513779/6af1cc185beff7ea3b6e5804e4b18854l-m5',
].map((photo) => `https://ap.rdcpix.com/${photo}xd-w1020_h770_q80.jpg`)

const BAKERSFIELD_CONDO: NormalizedListing = {
  source: 'realtor',
  source_id: '1214718296',
  url: BAKERSFIELD_URL,
  address: { street: '5804 Cedar Glen Ln', city: 'Bakersfield', state: 'CA', zip: '93313' },
  price: 144_950,
  listing_status: 'for_sale',
  // "Property Subtype: condo"; the key fact says "Condo/townhome/row home/co-op".
  home_type: 'condo',
  bedrooms: 3,
  bathrooms: 2,
  living_area_sqft: 1133,
  lot_size_sqft: 3920,
  year_built: 1978,
  description: 'First time buyers. Updated condo.',
  photos: BAKERSFIELD_GALLERY,
  facts: {
    heating: ['Central Heat'],
    cooling: ['Central AC'],
    laundry: null,
    parking: ['2 Car Garage', '# of Garages: 2'],
  },
  listing_agent: { name: 'Jesse Corona' },
  broker: { name: 'Magic Real Estate', phone: '(661) 616-4040' },
  date_available: null,
  sold_date: null,
}

// ---------------------------------------------------------------------------------------------
// The page data, read and rewritten here without the extractor's code

type Json = Record<string, unknown>

const NEXT_DATA = /(<script id="__NEXT_DATA__" type="application\/json">)(.*?)(<\/script>)/s

function nextDataOf(html: string): Json {
  const json = NEXT_DATA.exec(html)?.[2]
  if (json === undefined) throw new Error('the page has no __NEXT_DATA__')
  return JSON.parse(json) as Json
}

function propertyDetailsOf(data: Json): Json {
  const pageProps = (data.props as Json).pageProps as Json
  const redux = pageProps.initialReduxState as Json | undefined
  return (redux?.propertyDetails ?? (pageProps.initialProps as Json).property) as Json
}

/** The page with its `__NEXT_DATA__` changed by `change`. */
function withNextData(html: string, change: (data: Json) => void): string {
  const data = nextDataOf(html)
  change(data)
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return html.replace(
    NEXT_DATA,
    (_, open: string, _old: string, close: string) => open + json + close,
  )
}

function withProperty(html: string, change: (property: Json) => void): string {
  return withNextData(html, (data) => {
    change(propertyDetailsOf(data))
  })
}

describe('extractRealtorListing on whole pages', () => {
  it('reads a 2026 page of a sold home (initialReduxState.propertyDetails) completely', () => {
    expect(listingOf(sold2026Page, HOUSTON_URL)).toEqual(HOUSTON_SOLD_2026)
  })

  it('reads an older page (initialProps.property, http photo links, no JSON-LD)', () => {
    expect(sold2023Page).toContain('"href":"http://ap.rdcpix.com/')
    expect(listingOf(sold2023Page, HOUSTON_URL)).toEqual(HOUSTON_SOLD_2023)
  })

  it('reads a home for sale', () => {
    expect(listingOf(forSalePage, HOUSTON_URL)).toEqual(HOUSTON_FOR_SALE)
  })

  it('reads a rental: monthly rent and the move-in day', () => {
    expect(listingOf(forRentPage, HOUSTON_RENTAL_URL)).toEqual(HOUSTON_FOR_RENT)
  })

  it('reads the older server-rendered markup as far as it goes, never a nearby home', () => {
    expect(listingOf(legacyPage, BAKERSFIELD_URL)).toEqual(BAKERSFIELD_CONDO)
  })

  it('takes each photo of the page data, in its order, as the largest JPEG', () => {
    for (const html of [sold2026Page, sold2023Page, forSalePage, forRentPage]) {
      const gallery = propertyDetailsOf(nextDataOf(html)).photos as { href: string }[]
      expect(gallery.length).toBeGreaterThanOrEqual(20)
      const photos = listingOf(html, html === forRentPage ? HOUSTON_RENTAL_URL : HOUSTON_URL).photos
      expect(photos).toHaveLength(gallery.length)
      photos.forEach((url, i) => {
        const small = gallery[i]?.href ?? ''
        expect(small).toMatch(/^https?:\/\/ap\.rdcpix\.com\/[0-9a-f]{32}l-m\d+s\.jpg$/)
        expect(url).toBe(small.replace(/^http:/, 'https:').replace(/s\.jpg$/, 'rd-w2048_h1536.jpg'))
      })
    }
  })
})

describe('JSON-LD and meta tags', () => {
  it('build the listing when the page has no __NEXT_DATA__', () => {
    expect(jsonLdOnlyPage).not.toContain('id="__NEXT_DATA__"')
    expect(listingOf(jsonLdOnlyPage, HOUSTON_URL)).toEqual({
      ...HOUSTON_FOR_SALE,
      // Only the page data knows the lot, the features and who lists the home.
      lot_size_sqft: null,
      facts: { heating: [], cooling: [], laundry: null, parking: [] },
      listing_agent: null,
      broker: null,
    })
  })

  it('give the gallery once, in order, though the lead image repeats photo 1 at another size', () => {
    expect(jsonLdOnlyPage).toContain('l-m1594155027od-w1024_h768.jpg')
    expect(jsonLdOnlyPage).toContain('l-m1594155027s.jpg')
    expect(listingOf(jsonLdOnlyPage, HOUSTON_URL).photos).toEqual(HOUSTON_GALLERY)
  })

  it('fill what the page data lacks, without overriding what it has', () => {
    const thin = withProperty(forSalePage, (p) => {
      delete p.list_price
      delete p.description
      p.status = 'for_sale'
    })
    expect(listingOf(thin, HOUSTON_URL)).toEqual({
      ...HOUSTON_FOR_SALE,
      // JSON-LD: price, beds, baths, area, year, SingleFamilyResidence; no lot, no remarks.
      lot_size_sqft: null,
      description: null,
    })
  })
})

describe('what the page data says', () => {
  const statusOf = (change: (p: Json) => void, url = HOUSTON_URL) =>
    listingOf(withProperty(url === HOUSTON_URL ? forSalePage : forRentPage, change), url)
      .listing_status

  it('maps Realtor.com statuses and flags', () => {
    const flags = (set: Json) => (p: Json) => Object.assign(p.flags as Json, set)
    expect(statusOf(flags({ is_pending: true }))).toBe('pending')
    expect(statusOf(flags({ is_contingent: true }))).toBe('pending')
    expect(statusOf(flags({ is_coming_soon: true }))).toBe('coming_soon')
    expect(statusOf((p) => (p.status = 'ready_to_build'))).toBe('for_sale')
    expect(statusOf((p) => (p.status = 'off_market'))).toBe('off_market')
    expect(statusOf((p) => (p.status = 'sold'))).toBe('sold')
    // A rental stays a rental whatever its flags say.
    expect(statusOf(flags({ is_pending: true }), HOUSTON_RENTAL_URL)).toBe('for_rent')
  })

  it('gives a sale date only for a sold home', () => {
    const relisted = withProperty(forSalePage, (p) => (p.last_sold_date = '2019-05-02'))
    expect(listingOf(relisted, HOUSTON_URL).sold_date).toBeNull()
  })

  it('prefers the sale price of a sold home to its last list price', () => {
    const sold = withProperty(sold2026Page, (p) => (p.last_sold_price = 352_500))
    expect(listingOf(sold, HOUSTON_URL).price).toBe(352_500)
  })

  it('counts bathrooms as the page does: 1.5 stays 1.5', () => {
    const bathsOf = (description: Json) =>
      listingOf(
        withProperty(forSalePage, (p) => {
          const d = p.description as Json
          const others = Object.entries(d).filter(([key]) => !key.startsWith('baths'))
          p.description = { ...Object.fromEntries(others), ...description }
        }),
        HOUSTON_URL,
      ).bathrooms
    expect(bathsOf({ baths_consolidated: '1.5' })).toBe(1.5)
    expect(bathsOf({ baths_full: 1, baths_half: 1 })).toBe(1.5)
    expect(bathsOf({ baths_full: 3, baths_half: 0 })).toBe(3)
  })

  it('gives no move-in day for "now" or the lead form’s default date', () => {
    const rentalWith = (availability: string, extra: Json = {}) =>
      listingOf(
        withProperty(forRentPage, (p) => {
          Object.assign(p, extra)
          for (const group of p.details as { category: string; text: string[] }[]) {
            if (group.category === 'Rental Info') group.text = [`Date Available: ${availability}`]
          }
        }),
        HOUSTON_RENTAL_URL,
      ).date_available
    expect(rentalWith('Now')).toBeNull()
    expect(
      rentalWith('Available Now', { move_in_date: { default_date: '2026-09-01T12:00:00Z' } }),
    ).toBeNull()
    expect(rentalWith('Now', { available_date: '2026-09-15' })).toBe('2026-09-15')
  })

  it('finds the property object by its shape wherever the page data keeps it', () => {
    const moved = withNextData(forSalePage, (data) => {
      const pageProps = (data.props as Json).pageProps as Json
      const redux = pageProps.initialReduxState as Json
      pageProps.ldp = { listing: { data: redux.propertyDetails } }
      delete redux.propertyDetails
    })
    expect(listingOf(moved, HOUSTON_URL)).toEqual(HOUSTON_FOR_SALE)
  })

  it('never takes a home from a list in the page data for the listing', () => {
    // The page data at an unknown place, beside a shallower list of cards that holds the home
    // the URL names (the agent went on to it in the app): the list is no listing.
    const card = { property_id: '7033035599', location: { address: { line: '12343 Attlee Dr' } } }
    const page = withNextData(sold2026Page, (data) => {
      const pageProps = (data.props as Json).pageProps as Json
      const redux = pageProps.initialReduxState as Json
      pageProps.recentlyViewed = [card]
      pageProps.ldp = { listing: { data: redux.propertyDetails } }
      delete redux.propertyDetails
    })
    expect(extract(page, OTHER_HOUSTON_URL)).toEqual(failure('stale-page'))
    expect(listingOf(page, HOUSTON_URL).source_id).toBe('7033035605')
  })

  it('adds the unit to the street when the address line leaves it out', () => {
    const streetWith = (address: Json) =>
      listingOf(
        withProperty(forSalePage, (p) => {
          Object.assign((p.location as Json).address as Json, address)
        }),
        HOUSTON_URL,
      ).address.street
    expect(streetWith({ unit: 'Unit 2' })).toBe('12355 Attlee Dr Unit 2')
    expect(streetWith({ line: '12355 Attlee Dr Unit 2', unit: 'Unit 2' })).toBe(
      '12355 Attlee Dr Unit 2',
    )
  })

  it('finds who lists the home in consumer_advertisers or branding when advertisers are absent', () => {
    const contactsOf = (extra: Json) => {
      const listing = listingOf(
        withProperty(forSalePage, (p) => {
          delete p.advertisers
          delete p.source
          Object.assign(p, extra)
        }),
        HOUSTON_URL,
      )
      return { agent: listing.listing_agent, broker: listing.broker }
    }
    expect(
      contactsOf({
        consumer_advertisers: [
          { type: 'Agent', name: 'Feras Rachid', phone: '8553279361' },
          { type: 'Office', name: 'Opendoor Brokerage, LLC', phone: '(888) 352-7075' },
        ],
      }),
    ).toEqual({
      agent: { name: 'Feras Rachid', phone: '(855) 327-9361' },
      broker: { name: 'Opendoor Brokerage, LLC', phone: '(888) 352-7075' },
    })
    expect(
      contactsOf({ branding: [{ type: 'Office', name: 'Opendoor Brokerage, LLC', photo: null }] }),
    ).toEqual({ agent: null, broker: { name: 'Opendoor Brokerage, LLC' } })
  })
})

describe('pages that give no listing', () => {
  it('recognises the bot check, even at a listing URL', () => {
    expect(extract(botCheckPage, HOUSTON_URL)).toEqual({
      ok: false,
      reason: 'bot-check',
      message:
        "Realtor.com is asking you to prove you're human. Complete the check on the page, then open ListingBridge again.",
    })
  })

  it('explains the bot check only on Realtor.com', () => {
    const elsewhere = 'https://www.zillow.com/homedetails/x/15192198_zpid/'
    expect(extract(botCheckPage, elsewhere)).toEqual(failure('not-a-listing'))
  })

  it('says a realtor.com page that is not a home’s page is not a listing', () => {
    for (const url of [
      'https://www.realtor.com/realestateandhomes-search/Houston_TX',
      'https://www.realtor.com/',
      'https://www.realtor.com/news/real-estate-news/',
    ]) {
      expect(extract(sold2026Page, url), url).toEqual(failure('not-a-listing'))
    }
  })

  it('refuses data of another home than the URL names (stale after in-app navigation)', () => {
    expect(extract(sold2026Page, OTHER_HOUSTON_URL)).toEqual(failure('stale-page'))
    expect(extract(sold2023Page, OTHER_HOUSTON_URL)).toEqual(failure('stale-page'))
    expect(extract(legacyPage, MARCH_AVE_URL)).toEqual(failure('stale-page'))
    // JSON-LD and og:url name 12355 Attlee Dr; nothing describes the URL's home.
    expect(extract(jsonLdOnlyPage, OTHER_HOUSTON_URL)).toEqual(failure('stale-page'))
  })

  it('refuses a listing URL whose page data is still the search results it came from', () => {
    const results = withNextData(forSalePage, (data) => {
      const property = propertyDetailsOf(data)
      ;(data.props as Json).pageProps = { properties: [property], totalProperties: 1 }
    })
    expect(extract(results, HOUSTON_URL)).toEqual(failure('stale-page'))
  })

  it('says when a listing page carries nothing to read', () => {
    const empty =
      '<!DOCTYPE html><html><head><title>realtor.com</title></head><body>Loading…</body></html>'
    expect(extract(empty, HOUSTON_URL)).toEqual(failure('no-data'))
    const broken = empty.replace(
      '</body>',
      '<script id="__NEXT_DATA__" type="application/json">{"props":</script></body>',
    )
    expect(extract(broken, HOUSTON_URL)).toEqual(failure('no-data'))
  })
})

// Its speed is `npm run bench`'s to measure (bench/extension-flow.ts), not a test's.
describe('extraction', () => {
  it('changes nothing in the document', () => {
    const doc = parse(sold2026Page)
    const before = doc.documentElement.outerHTML
    extractRealtorListing(doc, HOUSTON_URL)
    expect(doc.documentElement.outerHTML).toBe(before)
  })
})
