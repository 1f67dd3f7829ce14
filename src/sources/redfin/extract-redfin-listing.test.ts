import { Window } from 'happy-dom'
import { afterAll, describe, expect, it } from 'vitest'
import {
  normalizedListing,
  notAdvertisableReason,
  type NormalizedListing,
} from '../../../api/schemas/listing.ts'
import botCheckPage from '../../../tests/fixtures/redfin/bot-check.html?raw'
import rentalPage from '../../../tests/fixtures/redfin/la-quinta-house-for-rent.html?raw'
import offMarketPage from '../../../tests/fixtures/redfin/los-angeles-off-market.html?raw'
import forSalePage from '../../../tests/fixtures/redfin/sherman-oaks-house-for-sale.html?raw'
import jsonLdOnlyPage from '../../../tests/fixtures/redfin/sherman-oaks-json-ld-and-meta-only.html?raw'
import { extractionFailure, type ListingExtraction } from '../../listing/listing-extraction.ts'
import { extractRedfinListing } from './extract-redfin-listing.ts'

const SALE_URL = 'https://www.redfin.com/CA/Sherman-Oaks/13157-Otsego-St-91423/home/5216364'
const OFF_MARKET_URL =
  'https://www.redfin.com/CA/Los-Angeles/1120-S-Lucerne-Blvd-90019/home/6911003'
const RENTAL_URL = 'https://www.redfin.com/CA/La-Quinta/80819-Calle-Azul-92253/home/6639373'
const SEARCH_URL = 'https://www.redfin.com/city/11203/CA/Los-Angeles'

/**
 * A window of the pages' own: its console keeps to itself happy-dom's notes on each stylesheet and
 * <iframe> it does not load (Redfin pages have a dozen). Scripts never run.
 */
const pageWindow = new Window({
  url: 'https://www.redfin.com/',
  settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true },
})
afterAll(() => pageWindow.happyDOM.close())

const parsed = new Map<string, Document>()

/** Each page is parsed once: the extractor changes nothing (checked below). */
function parse(html: string): Document {
  let doc = parsed.get(html)
  if (!doc) {
    doc = new pageWindow.DOMParser().parseFromString(html, 'text/html') as unknown as Document
    parsed.set(html, doc)
  }
  return doc
}

function extract(html: string, url: string): ListingExtraction {
  return extractRedfinListing(parse(html), url)
}

/** The listing, checked against the contract the server validates with. */
function listingOf(html: string, url: string): NormalizedListing {
  const result = extract(html, url)
  if (!result.ok) throw new Error(`expected a listing, got ${result.reason}: ${result.message}`)
  return normalizedListing.parse(result.listing)
}

type Json = Record<string, unknown>

/** One answer of a fixture's data cache, read here without the extractor's code. */
function cachedAnswer(html: string, path: string): Json {
  const marker = 'root.__reactServerState.InitialContext = '
  const start = html.indexOf(marker) + marker.length
  const context = JSON.parse(html.slice(start, html.indexOf(';\n', start))) as {
    'ReactServerAgent.cache': { dataCache: Record<string, { res: { text: string } }> }
  }
  const text = context['ReactServerAgent.cache'].dataCache[path]?.res.text ?? ''
  const answer = JSON.parse(text.replace(/^\{\}&&/, '')) as Json
  return (answer.payload as Json | undefined) ?? answer
}

const bigphoto = (source: string, file: string) =>
  `https://ssl.cdn-redfin.com/photo/${source}/bigphoto/${file}.jpg`

/** The gallery's 41 photos as the page lists them (`GD25253384_0`, `GD25253384_1_0`, …). */
const SALE_GALLERY = Array.from({ length: 41 }, (_, n) =>
  bigphoto('45', n === 0 ? '384/GD25253384_0' : `384/GD25253384_${n}_0`),
)

const RENTAL_ID = 'a9a361ef-3398-44f8-993c-2375833ff8de'
/** Photos 0 … 56, version 2, of the rental; the contract keeps the first 50. */
const RENTAL_GALLERY = Array.from({ length: 50 }, (_, n) => bigphoto(`rent/${RENTAL_ID}`, `${n}_2`))

/** The remarks, entities decoded ("&mdash;", "&rsquo;", "&amp;") and double spaces tidied. */
const SALE_DESCRIPTION =
  'Experience elevated living and exceptional craftsmanship in this brand-new contemporary estate by MLR Development, perfectly located in the heart of Sherman Oaks. Designed with modern California living in mind, this 5-bedroom, 6-bathroom residence blends effortless luxury, architectural precision, and seamless indoor-outdoor flow. A grand entry welcomes you into an open-concept floor plan filled with natural light, soaring ceilings, and seamless indoor-outdoor flow. Designed for both relaxation and hosting, the first floor includes a private ensuite bedroom—perfect as a guest suite or sophisticated home office—along with a spacious theatre room for the ultimate cinematic experience. The gourmet chef’s kitchen impresses with state-of-the-art Miele appliances, stone surfaces, imported custom wood cabinets, an oversized island with seating, and wall to wall 10ft’ collapsing glass doors opening to the backyard for true resort-style living. Step outside through these expansive glass doors to your private backyard sanctuary. Designed for large-scale entertaining and everyday relaxation, the outdoor oasis features a sparkling pool and spa, built-in barbecue, Green Egg smoker & pizza oven, generous lounge and dining spaces, and lush landscaping for total privacy. Upstairs, four ensuite bedrooms provide privacy and comfort, including a stunning primary retreat bathed in natural light. The primary suite showcases a sleek fireplace, custom walk-in closet, and a spa-inspired bathroom complete with dual vanities, a soaking tub, and an oversized steam shower. A rare opportunity to call this exceptional residence home!'

const OFF_MARKET_DESCRIPTION =
  "Located in Lower Hancock Park's historic Oxford Square, 1120 S Lucerne Blvd. presents a unique improvement opportunity. This charming home offers 2 bedrooms and 1 bathroom across just over 1,000 square feet of living space, set on a generous lot of nearly 7,200 square feet. Just blocks from Harold Henry Park and Queen Anne Park, the property is ideally positioned with convenient access to the 10 Freeway. Enjoy proximity to popular restaurants, supermarkets, and entertainment venues, all within a lively and welcoming neighborhood community."

/** The rental's own description (its end is cut off on the page too). */
const RENTAL_DESCRIPTION =
  "A sunlit desert escape in La Quinta's sought-after Puerta Azul community. Casa Calle Azul is a two bedroom hacienda offers private pool and spa, mountain views, and two en-suite bedrooms -- ideal for couples, families, or remote work. Enjoy resort amenities, lush outdoor space, and modern comforts just minutes from Old Town, golf, and hiking. The space From the moment you arrive at Casa Calle Azul, you'll feel the calm of the desert settle in. Located inside the gated Puerta Azul community, this single-level home offering a private, restful setting ideal for couples, families, or friends traveling together. Inside, the layout is open and welcoming. The living room connects effortlessly to a fully equipped kitchen with granite countertops, stainless steel appliances, and everything you need to cook, dine, and feel at home. A half bath is available off the main living area for added convenience. The home features two private en-suite bedrooms, thoughtfully placed on opposite sides of the house for maximum privacy. One has a king bed, the other a queen, each with dual vanities and plenty of room to unpack and settle in. Step outside and you'll find the kind of outdoor space that defines a La Quinta getaway -- a wraparound patio framed by citrus trees and desert landscaping, your own private pool and spa, and a cozy fire pit to gather around at night. You'll also enjoy access to Puerta Azul's resort-style amenities, including: Two community pools and spas A fitness center, tennis court, bocce ball court, and clubhouse Beautiful walking paths and secure, gated entry Additional features include an attached garage, in-unit washer Ring doorbell camera at the front entrance and a camera overlooking the pool area and above the garage. No interior cameras. Whether you're looking for a quiet place to reset or a stylish base for exploring everything La Quinta has to offer, Casa Calle Azul is ready to welcome you. Guest access Our home is dedicated to ensuring your comfort and convenience. You'll find ample space in closets and bathroom drawers to settle in and make yourself at home. Feel free to utilize all the kitchen amenities, but we kindly request that you handle them with care. To ensure a smooth arrival, we'll send you a Welcome Letter one day before your check-in. This letter will provide you with all the essential details about the property, including the Access Code and its location. Upon arrival, you'll find a lockbox on the front gate, which contains a key specifically for your stay. The neighborhood Casa Calle Azul is nestled in Puerta Azul, a gated resort-style community known for its peaceful setting, beautiful walking paths, and curated amenities like tennis courts, pools, a fitness center, and a clubhouse. Whether you're relaxing on-site or heading out to explore, you're in one of the most desirable areas in La Quinta. Experience nearby the golf haven of PGA West, boasting six courses across 2,000 acres. During your stay, indulge in three public courses: Nicklaus Tournament, TPC Stadium, and Greg Norman. Beyond golf, La Quinta offers endless attractions. Discover the charm of Old Town La Quinta, shop the upscale boutiques of El Paseo in Palm Desert, or unwind at the prestigious Spa La Quinta. Outdoor lovers can enjoy bike paths, mountain hikes, or even a tram ride to 8,500 feet for breathtaking views. The culinary scene across La Quinta and the Coachella Valley is unmatched -- from Zagat-rated restaurants to local favorites. You're just minutes from the Polo Grounds, making this home a perfect retreat during events like Coachella, Stagecoach, the CareerBuilder Challenge, and the BNP Paribas Open Tennis Classic. Whether you're visiting for golf, music, food, or simply to unwind, Casa Calle Azul places you right in the heart of it all -- and we'd love to welcome you back again and again. Getting around For optimal transportation, a private car is recommended. Taxi services are available from Palm Springs airport, and both Ube"

const SALE_HOUSE: NormalizedListing = {
  source: 'redfin',
  source_id: '5216364',
  url: SALE_URL,
  // The listing's own street line: the MLS leaves out "St" (the public record has it).
  address: { street: '13157 Otsego', city: 'Sherman Oaks', state: 'CA', zip: '91423' },
  price: 3_795_000,
  listing_status: 'for_sale',
  home_type: 'single_family',
  bedrooms: 5,
  bathrooms: 5.5,
  living_area_sqft: 3864,
  lot_size_sqft: 7425,
  year_built: 2025,
  description: SALE_DESCRIPTION,
  photos: SALE_GALLERY,
  facts: {
    heating: ['Central Furnace'],
    cooling: ['Central'],
    laundry: 'Gas Dryer Hookup, Individual Room, Washer Hookup',
    parking: ['Attached Garage', 'Auto Driveway Gate', 'Driveway', 'Garage'],
  },
  // The first of two listing agents; the phone is the listing's contact line.
  listing_agent: { name: 'Talin Hovsepian', phone: '818-445-9043' },
  broker: { name: 'The Agency - Studio City' },
  date_available: null,
  sold_date: null,
}

const OFF_MARKET_HOUSE: NormalizedListing = {
  source: 'redfin',
  source_id: '6911003',
  url: OFF_MARKET_URL,
  address: { street: '1120 S Lucerne Blvd', city: 'Los Angeles', state: 'CA', zip: '90019' },
  price: 800_000,
  listing_status: 'sold',
  home_type: 'single_family',
  bedrooms: 2,
  bathrooms: 1,
  living_area_sqft: 1008,
  lot_size_sqft: 7197,
  year_built: 1922,
  description: OFF_MARKET_DESCRIPTION,
  photos: [bigphoto('40', '645/25542645_0')],
  facts: {
    heating: ['Wall Heat'],
    cooling: ['No Cooling'],
    laundry: 'Other (See Remarks)',
    parking: ['Driveway'],
  },
  listing_agent: { name: 'Mark Cianciulli', phone: '323-208-9512' },
  broker: { name: 'The CREM Group' },
  date_available: null,
  sold_date: '2025-09-05',
}

const RENTAL_HOUSE: NormalizedListing = {
  source: 'redfin',
  source_id: '6639373',
  url: RENTAL_URL,
  address: { street: '80819 Calle Azul', city: 'La Quinta', state: 'CA', zip: '92253' },
  price: 3274,
  listing_status: 'for_rent',
  home_type: 'single_family',
  bedrooms: 2,
  bathrooms: 2.5,
  living_area_sqft: 1557,
  // The property's own facts (public record), not the rental's.
  lot_size_sqft: 4792,
  year_built: 2005,
  description: RENTAL_DESCRIPTION,
  photos: RENTAL_GALLERY,
  // The rental's amenity lists ("Dishwasher" is not laundry).
  facts: {
    heating: ['Heat'],
    cooling: ['Air Conditioning'],
    laundry: 'Washer & Dryer In Unit',
    parking: ['Outdoor Parking', 'Garage'],
  },
  // The page names no one: a phone number only, and an empty management company.
  listing_agent: null,
  broker: null,
  date_available: null,
  sold_date: null,
}

describe('extractRedfinListing on whole pages', () => {
  it('reads a house for sale completely', () => {
    expect(listingOf(forSalePage, SALE_URL)).toEqual(SALE_HOUSE)
  })

  it('takes the gallery at its largest size, in order, without repeats or other homes', () => {
    const { photos } = listingOf(forSalePage, SALE_URL)
    const gallery = (
      cachedAnswer(forSalePage, '/stingray/api/home/details/aboveTheFold').mediaBrowserInfo as {
        photos: { photoUrls: { fullScreenPhotoUrl: string; nonFullScreenPhotoUrl: string } }[]
      }
    ).photos
    expect(gallery).toHaveLength(41)
    // The full-screen size (bigphoto) as JPEG, never the gallery's 1024-px mbpaddedwide.
    expect(photos).toEqual(
      gallery.map((photo) => photo.photoUrls.fullScreenPhotoUrl.replace(/\.webp$/, '.jpg')),
    )
    expect(gallery[0]?.photoUrls.nonFullScreenPhotoUrl).toContain('/mbpaddedwide/')
    expect(new Set(photos).size).toBe(photos.length)
    // Similar homes' cards on the same page have photos too; none of them is taken.
    expect(forSalePage.includes('/photo/45/mbphotov3/')).toBe(true)
    for (const url of photos) expect(url).toMatch(/\/photo\/45\/bigphoto\/384\/GD25253384_/)
  })

  it('reads a sold, off-market home as sold on its sale day, so it is refused', () => {
    const listing = listingOf(offMarketPage, OFF_MARKET_URL)
    expect(listing).toEqual(OFF_MARKET_HOUSE)
    // The page: "SOLD ON SEP 5, 2025", JSON-LD availability OutOfStock.
    expect(offMarketPage.includes('"availability":"https://schema.org/OutOfStock"')).toBe(true)
    expect(notAdvertisableReason(listing)).toBe(
      'This home sold on September 5, 2025: there is nothing to advertise.',
    )
  })

  it("reads a rental from the rental's answers, not the property's last sale", () => {
    const listing = listingOf(rentalPage, RENTAL_URL)
    expect(listing).toEqual(RENTAL_HOUSE)
    expect(notAdvertisableReason(listing)).toBeNull()
    // The same page says the property last sold ($620,000, with that listing's 62 photos).
    const above = cachedAnswer(rentalPage, '/stingray/api/home/details/aboveTheFold')
    expect(above.addressSectionInfo).toMatchObject({
      status: { displayValue: 'Sold' },
      priceInfo: { amount: 620000 },
    })
    for (const url of listing.photos) expect(url).not.toContain('/photo/258/')
    // 57 photos on the page (0 … 56); the contract keeps 50.
    const card = cachedAnswer(rentalPage, '/stingray/api/v1/rentals/homecards?propertyIds=6639373')
    expect(JSON.stringify(card)).toContain(
      '"photoRanges":[{"startPos":0,"endPos":56,"version":"2"}]',
    )
    // The rental is free now: its card gives no move-in date (nearby rentals' cards do).
    expect(JSON.stringify(card).includes('dateAvailable')).toBe(false)
  })

  it('never makes a home for rent from a rental card alone: only the rental page says so', () => {
    // The rental page without its route (what a rental page alone has): its rental cards still
    // name the home, and the property's own data says it last sold.
    const route = '\\"pageType\\":6,\\"propertyId\\":6639373,\\"rentalId\\"'
    expect(rentalPage.split(route)).toHaveLength(2)
    const withoutRoute = rentalPage.replace(route, '\\"pageType\\":6,\\"otherRentalId\\"')
    const listing = listingOf(withoutRoute, RENTAL_URL)
    expect(listing.listing_status).toBe('sold')
  })

  it("takes a rental's move-in date when the page gives one", () => {
    // As the cards of nearby rentals not yet free give it…
    const rent = String.raw`\"max\": 3274\n      },`
    expect(rentalPage.split(rent)).toHaveLength(2)
    const onCard = rentalPage.replace(
      rent,
      String.raw`\"max\": 3274\n      },\n      \"dateAvailable\": \"2025-12-16T00:00:00Z\",`,
    )
    expect(listingOf(onCard, RENTAL_URL).date_available).toBe('2025-12-16')
    // …or on the units of its floor plans.
    const unit = String.raw`\"status\": \"available\",\n      \"style\": \"2 bed 2.5 bath 1557 sqft\"`
    expect(rentalPage.includes(unit)).toBe(true)
    const onUnits = rentalPage.replaceAll(
      unit,
      String.raw`\"dateAvailable\": \"2025-12-01T00:00:00Z\",\n      ` + unit,
    )
    expect(listingOf(onUnits, RENTAL_URL).date_available).toBe('2025-12-01')
  })

  it("takes the home's own rent when the rental gives a range", () => {
    const range = String.raw`\"rentPriceRange\": {\n        \"min\": 3274,\n        \"max\": 3274\n      }`
    expect(rentalPage.split(range)).toHaveLength(2)
    const ranged = rentalPage.replace(range, range.replace('3274\\n      }', '3600\\n      }'))
    expect(ranged.includes(range)).toBe(false)
    // The home's one floor plan rents for $3,274.
    expect(listingOf(ranged, RENTAL_URL).price).toBe(3274)
  })
})

describe('JSON-LD and meta tags', () => {
  it('build the listing when the page has no data cache', () => {
    expect(jsonLdOnlyPage.includes('root.__reactServerState.InitialContext =')).toBe(false)
    expect(listingOf(jsonLdOnlyPage, SALE_URL)).toEqual({
      ...SALE_HOUSE,
      // Only the data cache knows the lot, the year, the remarks, the details and the agents.
      lot_size_sqft: null,
      year_built: null,
      description: null,
      // JSON-LD's image and the meta tags' four photos, at the largest size.
      photos: SALE_GALLERY.slice(0, 4),
      facts: { heating: [], cooling: [], laundry: null, parking: [] },
      listing_agent: null,
      broker: null,
    })
  })

  it('still say a sold home sold, and when, and a rental is for rent', () => {
    // The same pages with their data cache script renamed out of reach.
    const withoutCache = (html: string) =>
      html.replace('root.__reactServerState.InitialContext =', 'root.__reactServerState.Gone =')
    const onlyHead = {
      lot_size_sqft: null,
      year_built: null,
      description: null,
      facts: { heating: [], cooling: [], laundry: null, parking: [] },
      listing_agent: null,
      broker: null,
    }
    // JSON-LD says OutOfStock; the summary says "Sold: … sold for $800,000 on Sep 5, 2025".
    expect(listingOf(withoutCache(offMarketPage), OFF_MARKET_URL)).toEqual({
      ...OFF_MARKET_HOUSE,
      ...onlyHead,
    })
    // "For Rent: 2 beds, 2.5 baths · 1,557 sq. ft. · $3274/mo"; og:image is the first photo.
    expect(listingOf(withoutCache(rentalPage), RENTAL_URL)).toEqual({
      ...RENTAL_HOUSE,
      ...onlyHead,
      photos: RENTAL_GALLERY.slice(0, 1),
    })
  })

  it('never let a summary that says less overrule JSON-LD saying the home is off the market', () => {
    const doc = new DOMParser().parseFromString(
      `<html><head><title>1 Main St, Los Angeles, CA 90019 | Redfin</title>
      <meta name="description" content="For Sale: 2 beds, 1 bath, 1,008 sq. ft. house at 1 Main St">
      <script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': ['Product', 'SingleFamilyResidence'],
        name: '1 Main St, Los Angeles, CA 90019',
        address: {
          streetAddress: '1 Main St',
          addressLocality: 'Los Angeles',
          addressRegion: 'CA',
          postalCode: '90019',
        },
        offers: { price: 800000, availability: 'https://schema.org/OutOfStock' },
      })}</script></head><body></body></html>`,
      'text/html',
    )
    const url = 'https://www.redfin.com/CA/Los-Angeles/1-Main-St-90019/home/6911003'
    const result = extractRedfinListing(doc, url)
    expect(result.ok && result.listing.listing_status).not.toBe('for_sale')
  })

  it('refuse JSON-LD and meta tags that describe another home than the URL names', () => {
    const otherHome = 'https://www.redfin.com/CA/Sherman-Oaks/13220-Otsego-St-91423/home/5216459'
    expect(extract(jsonLdOnlyPage, otherHome)).toEqual(extractionFailure('stale-page', 'redfin'))
  })
})

describe('pages that give no listing', () => {
  it("recognises Redfin's bot check, even at a listing URL", () => {
    expect(extract(botCheckPage, SALE_URL)).toEqual(extractionFailure('bot-check', 'redfin'))
    expect(extract(botCheckPage, SEARCH_URL)).toEqual(extractionFailure('bot-check', 'redfin'))
  })

  it('explains the bot check only on Redfin', () => {
    const elsewhere = 'https://www.zillow.com/homedetails/x/15192198_zpid/'
    expect(extract(botCheckPage, elsewhere)).toEqual(extractionFailure('not-a-listing', 'redfin'))
  })

  it('says a Redfin page that is not a home is not a listing', () => {
    expect(extract(forSalePage, SEARCH_URL)).toEqual(extractionFailure('not-a-listing', 'redfin'))
    expect(extract(forSalePage, 'https://www.redfin.com/')).toEqual(
      extractionFailure('not-a-listing', 'redfin'),
    )
  })

  it('refuses data of another home than the URL names (stale after in-app navigation)', () => {
    const otherHome = 'https://www.redfin.com/CA/Sherman-Oaks/13220-Otsego-St-91423/home/5216459'
    expect(extract(forSalePage, otherHome)).toEqual(extractionFailure('stale-page', 'redfin'))
    expect(extract(rentalPage, SALE_URL)).toEqual(extractionFailure('stale-page', 'redfin'))
  })

  it('says when a listing page carries nothing to read', () => {
    const empty =
      '<!DOCTYPE html><html><head><title>Redfin</title></head><body>Loading…</body></html>'
    expect(extract(empty, SALE_URL)).toEqual(extractionFailure('no-data', 'redfin'))
    const broken = empty.replace(
      '</body>',
      '<script>root.__reactServerState.InitialContext = {"ReactServerAgent.cache":</script></body>',
    )
    expect(extract(broken, SALE_URL)).toEqual(extractionFailure('no-data', 'redfin'))
  })

  it('changes nothing on the page', () => {
    const doc = new pageWindow.DOMParser().parseFromString(forSalePage, 'text/html')
    const before = doc.documentElement.outerHTML
    const first = extractRedfinListing(doc as unknown as Document, SALE_URL)
    expect(doc.documentElement.outerHTML === before).toBe(true)
    expect(extractRedfinListing(doc as unknown as Document, SALE_URL)).toEqual(first)
  })
})
