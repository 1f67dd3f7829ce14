import { describe, expect, it } from 'vitest'
import { LISTING_LIMITS as SCHEMA_LIMITS, normalizedListing } from '../../api/schemas/listing.ts'
import { buildListing } from './build-listing.ts'
import { LISTING_LIMITS } from './listing-limits.ts'
import type { ListingHints } from './listing-hints.ts'

const URL = 'https://www.zillow.com/homedetails/1-Main-St-Springfield-IL-62701/1_zpid/'
const ADDRESS: ListingHints = {
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
}

function build(...hints: ListingHints[]) {
  return buildListing({ source: 'zillow', sourceId: '1', url: URL, hints })
}

describe('buildListing', () => {
  it('uses the contract’s limits', () => {
    expect(LISTING_LIMITS).toEqual(SCHEMA_LIMITS)
  })

  it('takes each field from the first source that has it', () => {
    const listing = build(
      { ...ADDRESS, price: 100_000, bedrooms: 3 },
      { price: 1, bedrooms: 9, bathrooms: 2, street: 'Elsewhere 5' },
    )
    expect(listing).toMatchObject({
      address: { street: '1 Main St' },
      price: 100_000,
      bedrooms: 3,
      bathrooms: 2,
    })
  })

  it('uses a room count for bedrooms only when no source gives bedrooms', () => {
    expect(build({ ...ADDRESS, roomCount: 5 }, { bedrooms: 2 })?.bedrooms).toBe(2)
    expect(build({ ...ADDRESS, roomCount: 5 })?.bedrooms).toBe(5)
  })

  it('gives no listing without street, city and a two-letter state', () => {
    expect(build({ city: 'Springfield', state: 'IL' })).toBeNull()
    expect(build({ ...ADDRESS, state: 'Illinois' })).toBeNull()
    expect(build({ ...ADDRESS, state: 'Illinois' }, { state: 'il' })?.address.state).toBe('IL')
  })

  it('leaves out what does not fit the contract instead of sending it', () => {
    const listing = build({
      ...ADDRESS,
      zip: '627',
      price: 0,
      bedrooms: 2.5,
      yearBuilt: 3020,
      livingAreaSqft: -4,
      agent: { name: '  ', phone: '1' },
      broker: { name: 'Broker', phone: 'x'.repeat(60) },
    })
    expect(listing).toMatchObject({
      address: { zip: null },
      price: null,
      bedrooms: null,
      year_built: null,
      living_area_sqft: null,
      listing_agent: null,
      broker: { name: 'Broker' },
      listing_status: 'unknown',
      home_type: 'other',
    })
    expect(normalizedListing.safeParse(listing).success).toBe(true)
  })

  it('cuts long remarks, many photos and long fact lists to the limits, and drops non-https photos', () => {
    const photos = [
      'http://photos.zillowstatic.com/fp/insecure-cc_ft_1536.jpg',
      // Another host (a page's og:image may point anywhere): the worker would fetch it.
      'https://tracker.example/pixel.jpg',
      'https://ssl.cdn-redfin.com/photo/not-this-source.jpg',
      ...Array.from(
        { length: 80 },
        (_, i) => `https://photos.zillowstatic.com/fp/${i}-cc_ft_1536.jpg`,
      ),
    ]
    const listing = build({
      ...ADDRESS,
      description: 'word '.repeat(5000),
      photos,
      heating: Array.from({ length: 40 }, (_, i) => `Heat ${i}`),
      parking: ['Garage', 'garage', ' Street '],
    })
    expect(listing?.description?.length).toBeLessThanOrEqual(20_000)
    expect(listing?.description?.endsWith('word')).toBe(true)
    expect(listing?.photos).toHaveLength(50)
    expect(listing?.photos[0]).toBe('https://photos.zillowstatic.com/fp/0-cc_ft_1536.jpg')
    expect(listing?.facts.heating).toHaveLength(30)
    expect(listing?.facts.parking).toEqual(['Garage', 'Street'])
    expect(normalizedListing.safeParse(listing).success).toBe(true)
  })
})
