import { describe, expect, it } from 'vitest'
import { normalizedListing, type NormalizedListing } from '../../../api/schemas/listing.ts'
import apollo2018Page from '../../../tests/fixtures/zillow/apollo-2018-graphql-sf-house.html?raw'
import apolloAmesPage from '../../../tests/fixtures/zillow/apollo-ames-condo-sold.html?raw'
import benchPage from '../../../tests/fixtures/zillow/bench-1.5mb-sf-house.html?raw'
import cacheWithoutFactsPage from '../../../tests/fixtures/zillow/cache-without-facts-ames-condo.html?raw'
import jsonLdOnlyPage from '../../../tests/fixtures/zillow/json-ld-and-meta-only-sf-house.html?raw'
import currentAmesPage from '../../../tests/fixtures/zillow/next-data-current-ames-condo-sold.html?raw'
import currentSfPage from '../../../tests/fixtures/zillow/next-data-current-sf-house-for-sale.html?raw'
import legacySfPage from '../../../tests/fixtures/zillow/next-data-legacy-sf-house-2023-05.html?raw'
import botCheckPage from '../../../tests/fixtures/zillow/perimeterx-bot-check.html?raw'
import searchPage from '../../../tests/fixtures/zillow/search-results-san-francisco.html?raw'
import rentalPage from '../../../tests/fixtures/zillow/next-data-rental-portland-townhouse.html?raw'
import stalePage from '../../../tests/fixtures/zillow/stale-zpid-sf-house-data-at-munich-st-url.html?raw'
import { extractionMessage, type ListingExtraction } from '../../listing/listing-extraction.ts'
import { extractZillowListing } from './extract-zillow-listing.ts'

const SF_URL =
  'https://www.zillow.com/homedetails/661-Lakeview-Ave-San-Francisco-CA-94112/15192198_zpid/'
const AMES_URL =
  'https://www.zillow.com/homedetails/2435-Aspen-Rd-UNIT-104-Ames-IA-50010/114303858_zpid/'
const OTSEGO_URL =
  'https://www.zillow.com/homedetails/55-Otsego-Ave-San-Francisco-CA-94112/15140166_zpid/'
const MUNICH_URL =
  'https://www.zillow.com/homedetails/1016-Munich-St-San-Francisco-CA-94112/15178015_zpid/'
const SEARCH_URL = 'https://www.zillow.com/san-francisco-ca/'

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html')
}

function extract(html: string, url: string): ListingExtraction {
  return extractZillowListing(parse(html), url)
}

/** The listing, checked against the contract the server validates with. */
function listingOf(html: string, url: string): NormalizedListing {
  const result = extract(html, url)
  if (!result.ok) throw new Error(`expected a listing, got ${result.reason}: ${result.message}`)
  return normalizedListing.parse(result.listing)
}

const fp = (hash: string) => `https://photos.zillowstatic.com/fp/${hash}-cc_ft_1536.jpg`

const SF_GALLERY = [
  'fc74d9ea95fb55d5343f731fb0c1bc56',
  '831208b183dfd92675d0ee77f105decd',
  '3f0ea192258b4f2938f49bd3de32cfcb',
  '56a0a04eb61b7a9a3fa52998271ca98c',
  '1d058497abb19bb09f6d0e5e4b6b0a04',
  '6bd57edab2a7ec45d34f52c6becc45a7',
  'a718344fb38f51c403b5a29864a31bd1',
  '13d6f56e9f6058332ad7fc7fce124012',
  'd2bda32f016640408f5508baba3bb4c7',
  '1d49c0c1834c8e82ec6c24f3362ff154',
  'b273688a7816510ebdaf7d66e4b4ec6a',
  '2fe7e5943b6c2c2b6d7e7e6381f84b0d',
  '1c47f265d1fb261e0ef562e2b77d8227',
  '0ac4193600c69c00e72481100c1a0174',
  '26ee5e3a9192407864ffe6bc5fcab4e1',
  'd6c6e8f74bb18ab0e495568bde2577cb',
  '2c2322f73ae0d0bb9550a6ff5ee3d40c',
  '94e31a0c28a2db72706486f0595262ac',
  '62b78ce8a418064af3cf7d2b01b3663e',
  'e640a51bd91f0c8bcc5a2fec1fb92b7c',
  '7d7627b8c4ac10ff9cc75299b99bda21',
].map(fp)

const AMES_GALLERY = [
  '6b69539a82c1009299e770f7dac1101d',
  'acb7b9bc8ecf65d6c000215bf283eebd',
  'fd885ec570a4eb8c0fdb6e71218863b8',
  '5e507fd543ef4fd376f3dfa446853b65',
  '6b4fa8ac6fc6fd17e1f625191c785652',
  'a4981ad3ee52d200f9d7e9c62b318f79',
  '3785f1d783f0b4efe0f5434bcfbe3b4a',
  'bacd3cfa00932e4711ac2b58f71a90b9',
  '67fdb8c0f6d0b05436428607b40393da',
  '8146d2ef5ae9814045495c8c3e292bc0',
  '9625098ac73a8f9a77f55cfef95b1e49',
  '356a6c50d415598357cbc5f44e3b6b16',
  '4a248bf5efa82d2e15557f3249a3b0d8',
  'd47464aab2bc225cdfd6c5e1daa0bdb3',
  'b4eb160cd6f365e229c442bd761f8af0',
  '563a8b2de57f3773c46f173ead313977',
  '61edb682d24e8641098f231a885c6cec',
].map(fp)

/** The remarks as the agent wrote them, double spaces tidied. */
const SF_DESCRIPTION =
  'Imagine the Possibilities! Excellent opportunity to own a single-family, fully detached home with an attached one car garage on a desirable street! Work with your contractor and design plans to renovate the home to your liking, creating a space that truly reflects your style and needs. Enjoy peekaboo views of Lake Merced from the living room. Good sized backyard offers privacy and extra space, great for relaxation, entertaining, personal enjoyment. Property records indicate that the property is a 1bedroom, 1bath home, however, the additional room at the back of the home provides potential for customization and could be utilized in various ways depending on your needs such as another bedroom or home office. Virtual images are for entertainment purposes only and do not reflect actual size or property dimensions. The property is a fixer upper. Buyer to fully investigate all aspects of the property such as current condition, interior square footage & lot size prior to making an offer.'

const AMES_DESCRIPTION =
  'This is convenient living at its finest. Main floor condo living that comes with a detached single car garage. Many updates in this unit including appliances and flooring. Fresh paint and great blinds so you can move right in and make it your own. HOA includes clubhouse, pool, common area maintenance, lawn, snow, and garbage.'

const SF_HOUSE: NormalizedListing = {
  source: 'zillow',
  source_id: '15192198',
  url: SF_URL,
  address: { street: '661 Lakeview Ave', city: 'San Francisco', state: 'CA', zip: '94112' },
  price: 850_000,
  listing_status: 'for_sale',
  home_type: 'single_family',
  bedrooms: 2,
  bathrooms: 1,
  living_area_sqft: 900,
  lot_size_sqft: 3746,
  year_built: 1921,
  description: SF_DESCRIPTION,
  photos: SF_GALLERY,
  facts: {
    heating: ['Floor Furnace'],
    cooling: ['None'],
    laundry: 'In Garage',
    parking: ['Attached', 'Garage'],
  },
  listing_agent: { name: 'Wong Real Estate Grp', phone: '650-619-2790' },
  broker: { name: 'KW Advisors', phone: '650-627-3700' },
  date_available: null,
  sold_date: null,
}

const AMES_CONDO: NormalizedListing = {
  source: 'zillow',
  source_id: '114303858',
  url: AMES_URL,
  address: { street: '2435 Aspen Rd UNIT 104', city: 'Ames', state: 'IA', zip: '50010' },
  price: 195_000,
  listing_status: 'sold',
  home_type: 'condo',
  bedrooms: 2,
  bathrooms: 2,
  living_area_sqft: 1133,
  lot_size_sqft: null,
  year_built: 2004,
  description: AMES_DESCRIPTION,
  photos: AMES_GALLERY,
  facts: {
    heating: ['Forced Air'],
    cooling: ['Central Air'],
    laundry: 'Main Level',
    parking: ['Garage'],
  },
  listing_agent: { name: 'Tyler/Megan Frederiksen', phone: '515-733-2922' },
  broker: { name: 'Norsemen Realty Team - Friedrich Iowa Realty', phone: '515-733-2922' },
  date_available: null,
  // The property's `dateSoldString`.
  sold_date: '2024-06-17',
}

/** The property object a fixture embeds, read here without the extractor's code. */
function embeddedProperty(html: string): Record<string, unknown> {
  const doc = parse(html)
  const nextData = doc.getElementById('__NEXT_DATA__')?.textContent
  type Cache = Record<string, { property: Record<string, unknown> }>
  if (nextData) {
    const pageProps = (JSON.parse(nextData) as { props: { pageProps: Record<string, unknown> } })
      .props.pageProps
    const componentProps = pageProps.componentProps as Record<string, unknown> | undefined
    const cache = JSON.parse(
      String(componentProps?.gdpClientCache ?? pageProps.gdpClientCache),
    ) as Cache
    const entry = Object.values(cache)[0]
    if (entry) return entry.property
  }
  const apollo = JSON.parse(doc.getElementById('hdpApolloPreloadedData')?.textContent ?? '{}') as {
    apiCache: string
  }
  const entry = Object.values(JSON.parse(apollo.apiCache) as Cache).at(-1)
  if (!entry) throw new Error('fixture has no property object')
  return entry.property
}

type Photo = { mixedSources?: { jpeg?: { url: string; width: number }[] } }
type Home = { miniCardPhotos?: { url: string }[] }

/** Each photo must be the widest JPEG of the gallery item at its position, and no other home's. */
function expectGalleryPhotos(photos: string[], html: string) {
  const property = embeddedProperty(html)
  const gallery = property.responsivePhotos as Photo[]
  expect(photos).toHaveLength(gallery.length)
  photos.forEach((url, index) => {
    const jpegs = gallery[index]?.mixedSources?.jpeg ?? []
    const widest = Math.max(...jpegs.map((j) => j.width))
    expect(jpegs.find((j) => j.url === url)?.width).toBe(widest)
  })
  const otherHomes = [
    ...((property.comps as Home[] | undefined) ?? []),
    ...((property.nearbyHomes as Home[] | undefined) ?? []),
  ]
  const otherPhotos = otherHomes.flatMap((home) => (home.miniCardPhotos ?? []).map((p) => p.url))
  expect(otherPhotos.length).toBeGreaterThan(0)
  const hashOf = (url: string) => /\/fp\/([0-9a-f]{32})-/.exec(url)?.[1] ?? url
  const otherHashes = new Set(otherPhotos.map(hashOf))
  for (const url of photos) expect(otherHashes.has(hashOf(url))).toBe(false)
}

describe('extractZillowListing on whole pages of each generation', () => {
  it('reads a current page (componentProps.gdpClientCache, for sale) completely', () => {
    const listing = listingOf(currentSfPage, SF_URL)
    expect(listing).toEqual(SF_HOUSE)
    expectGalleryPhotos(listing.photos, currentSfPage)
  })

  it('reads a current page whose cache query has another name (sold condo)', () => {
    const listing = listingOf(currentAmesPage, AMES_URL)
    expect(listing).toEqual(AMES_CONDO)
    expectGalleryPhotos(listing.photos, currentAmesPage)
  })

  it('reads an older page (pageProps.gdpClientCache) with no JSON-LD to lean on', () => {
    const listing = listingOf(legacySfPage, SF_URL)
    expect(listing).toEqual(SF_HOUSE)
    expectGalleryPhotos(listing.photos, legacySfPage)
  })

  it('reads an Apollo page (hdpApolloPreloadedData → apiCache), merging its queries', () => {
    const listing = listingOf(apolloAmesPage, AMES_URL)
    expect(listing).toEqual(AMES_CONDO)
    expectGalleryPhotos(listing.photos, apolloAmesPage)
  })

  it('reads a rental: the for-rent query names the status, the remarks the half bath', () => {
    const url =
      'https://www.zillow.com/homedetails/5720-SE-Duke-St-Portland-OR-97206/54003809_zpid/'
    const listing = listingOf(rentalPage, url)
    expect({ ...listing, description: null }).toEqual({
      source: 'zillow',
      source_id: '54003809',
      url,
      address: { street: '5720 SE Duke St', city: 'Portland', state: 'OR', zip: '97206' },
      // The monthly rent.
      price: 2850,
      listing_status: 'for_rent',
      home_type: 'townhouse',
      bedrooms: 2,
      // The payload says 3; its own remarks say "2-bedroom, 2.5-bath townhome".
      bathrooms: 2.5,
      living_area_sqft: 1095,
      lot_size_sqft: null,
      year_built: null,
      description: null,
      photos: [],
      // "Heating: Electric" at a glance; cooling and laundry say nothing there.
      facts: { heating: ['Electric'], cooling: [], laundry: null, parking: [] },
      listing_agent: null,
      broker: null,
      // "Date available: Available Now" is no date.
      date_available: null,
      sold_date: null,
    })
    expect(listing.description).toMatch(/^Make room for a little more comfort at 5720 SE Duke/)
  })

  it('reads the 2018 GraphQL payload as far as it goes', () => {
    const listing = listingOf(apollo2018Page, OTSEGO_URL)
    expect({ ...listing, photos: [] }).toEqual({
      source: 'zillow',
      source_id: '15140166',
      url: OTSEGO_URL,
      // Street and city/state as the payload spells them; the ZIP from the listing URL's slug.
      address: { street: '55 OTSEGO AVE', city: 'San Francisco', state: 'CA', zip: '94112' },
      price: null,
      listing_status: 'for_sale',
      home_type: 'single_family',
      bedrooms: null,
      bathrooms: null,
      living_area_sqft: 1200,
      lot_size_sqft: 2888,
      year_built: 1923,
      description: null,
      photos: [],
      facts: {
        heating: ['Forced air', 'Gas'],
        cooling: ['Central'],
        laundry: 'In Unit, Shared',
        parking: ['Off street', '1 space', 'Uncovered'],
      },
      listing_agent: null,
      broker: null,
      date_available: null,
      sold_date: null,
    })
    // 80 photos, each requested at four sizes under aliases: the 1025-wide p_f of each, in
    // gallery order, cut to the contract's 50.
    expect(listing.photos).toHaveLength(50)
    expect(new Set(listing.photos).size).toBe(50)
    for (const url of listing.photos) {
      expect(url).toMatch(/^https:\/\/photos\.zillowstatic\.com\/p_f\/IS[a-z0-9]+\.jpg$/)
    }
    expect(listing.photos.slice(0, 2)).toEqual([
      'https://photos.zillowstatic.com/p_f/ISew9ht5oh3w2p1000000000.jpg',
      'https://photos.zillowstatic.com/p_f/IS6qvbs34ptd4q1000000000.jpg',
    ])
    expect(listing.photos[49]).toBe(
      'https://photos.zillowstatic.com/p_f/ISukfakrbac86q1000000000.jpg',
    )
  })

  it('reads the 1.5 MB bench page like the small one', () => {
    expect(benchPage.length).toBeGreaterThan(1_450_000)
    expect(listingOf(benchPage, SF_URL)).toEqual(SF_HOUSE)
  })
})

describe('JSON-LD and meta tags', () => {
  it('build the listing when the page has no embedded cache', () => {
    expect(listingOf(jsonLdOnlyPage, SF_URL)).toEqual({
      ...SF_HOUSE,
      // Only the cache knows the lot, the features and who lists the home.
      lot_size_sqft: null,
      facts: { heating: [], cooling: [], laundry: null, parking: [] },
      listing_agent: null,
      broker: null,
    })
  })

  it('decode the HTML-escaped remarks of JSON-LD', () => {
    // In the page: the JSON-LD string holds "&amp;" (its "&" escaped as \u0026 for the script tag).
    expect(jsonLdOnlyPage).toContain('interior square footage \\u0026amp; lot size')
    const { description } = listingOf(jsonLdOnlyPage, SF_URL)
    expect(description).toContain('interior square footage & lot size prior to making an offer.')
    expect(description).not.toContain('&amp;')
  })

  it('fill the facts a first-render cache lacks, without overriding what it has', () => {
    const listing = listingOf(cacheWithoutFactsPage, AMES_URL)
    expect(listing).toEqual({
      ...AMES_CONDO,
      // Status, type, photos, agent and broker from the cache; price, beds, baths, area and year
      // from the meta summary and JSON-LD; the remarks from JSON-LD; the features nowhere.
      facts: { heating: [], cooling: [], laundry: null, parking: [] },
    })
    // JSON-LD says "Apartment"; the cache's CONDO wins.
    expect(cacheWithoutFactsPage).toContain('"@type":"Apartment"')
  })
})

describe('pages that give no listing', () => {
  it('recognises the PerimeterX bot check, even at a listing URL', () => {
    expect(extract(botCheckPage, SF_URL)).toEqual({
      ok: false,
      reason: 'bot-check',
      message:
        "Zillow is asking you to prove you're human. Complete the check on the page, then open ListingBridge again.",
    })
  })

  it('explains the bot check only on Zillow (other sites use PerimeterX too)', () => {
    const elsewhere = 'https://www.realtor.com/realestateandhomes-detail/M12345-67890'
    expect(extract(botCheckPage, elsewhere)).toMatchObject({ ok: false, reason: 'not-a-listing' })
    expect(extract(botCheckPage, SEARCH_URL)).toMatchObject({ ok: false, reason: 'bot-check' })
  })

  it('says a search-results page is not a listing', () => {
    expect(extract(searchPage, SEARCH_URL)).toEqual({
      ok: false,
      reason: 'not-a-listing',
      message: extractionMessage('not-a-listing', null),
    })
  })

  it('says a page of another site is not a Zillow listing', () => {
    const result = extract(currentSfPage, 'https://www.redfin.com/CA/San-Francisco/15192198_zpid/')
    expect(result).toMatchObject({ ok: false, reason: 'not-a-listing' })
  })

  it('refuses data of another home than the URL names (stale after in-app navigation)', () => {
    expect(extract(stalePage, MUNICH_URL)).toEqual({
      ok: false,
      reason: 'stale-page',
      message: extractionMessage('stale-page', 'zillow'),
    })
    // The same data at its own URL is fine: it is the zpid that decides.
    expect(listingOf(stalePage, SF_URL).source_id).toBe('15192198')
  })

  it('refuses JSON-LD and meta tags that describe another home than the URL names', () => {
    // 661 Lakeview Ave's head (JSON-LD url, og:url, og:title) opened at 1016 Munich St's URL.
    expect(extract(jsonLdOnlyPage, MUNICH_URL)).toMatchObject({ ok: false, reason: 'stale-page' })
  })

  it('refuses a listing URL whose page data is still the search results it came from', () => {
    // The search page lists 661 Lakeview Ave, so its JSON-LD knows the address; still stale.
    expect(searchPage).toContain(SF_URL)
    expect(extract(searchPage, SF_URL)).toMatchObject({ ok: false, reason: 'stale-page' })
  })

  it('says when a listing page carries nothing to read', () => {
    const empty =
      '<!DOCTYPE html><html><head><title>Zillow</title></head><body>Loading…</body></html>'
    expect(extract(empty, SF_URL)).toEqual({
      ok: false,
      reason: 'no-data',
      message: extractionMessage('no-data', 'zillow'),
    })
    const broken = empty.replace(
      '</body>',
      '<script id="__NEXT_DATA__" type="application/json">{"props":</script></body>',
    )
    expect(extract(broken, SF_URL)).toMatchObject({ ok: false, reason: 'no-data' })
  })

  it('tells the agent what to do in every case', () => {
    const reasons = ['bot-check', 'not-a-listing', 'stale-page', 'no-data'] as const
    for (const reason of reasons) {
      expect(extractionMessage(reason, 'zillow')).toMatch(/ListingBridge again\.$/)
    }
    expect(extractionMessage('bot-check', 'zillow')).toMatch(/^Zillow is asking/)
    expect(extractionMessage('not-a-listing', null)).toContain('Zillow, Realtor.com or Redfin')
  })
})
