import { describe, expect, it } from 'vitest'
import { normalizedListing, type NormalizedListing } from '../../api/schemas/listing.ts'

/** The contract (api/schemas/listing.ts) the server validates `POST /listings/convert` with. */
const valid: NormalizedListing = {
  source: 'zillow',
  source_id: '15192198',
  url: 'https://www.zillow.com/homedetails/661-Lakeview-Ave-San-Francisco-CA-94112/15192198_zpid/',
  address: { street: '661 Lakeview Ave', city: 'San Francisco', state: 'CA', zip: '94112' },
  price: 850_000,
  listing_status: 'for_sale',
  home_type: 'single_family',
  bedrooms: 2,
  bathrooms: 1.5,
  living_area_sqft: 900,
  lot_size_sqft: 3746,
  year_built: 1921,
  description: 'Imagine the possibilities!',
  photos: ['https://photos.zillowstatic.com/fp/fc74d9ea95fb55d5343f731fb0c1bc56-cc_ft_1536.jpg'],
  facts: { heating: ['Floor Furnace'], cooling: [], laundry: null, parking: ['Garage'] },
  listing_agent: { name: 'Wong Real Estate Grp', phone: '650-619-2790' },
  broker: { name: 'KW Advisors' },
  date_available: null,
  sold_date: null,
}

const rejects = (change: (l: Record<string, unknown>) => void) => {
  const copy = structuredClone(valid) as unknown as Record<string, unknown>
  change(copy)
  return !normalizedListing.safeParse(copy).success
}

describe('normalizedListing', () => {
  it('accepts a complete listing and one with every optional fact absent', () => {
    expect(normalizedListing.parse(valid)).toEqual(valid)
    const sparse = {
      ...valid,
      address: { ...valid.address, zip: null },
      price: null,
      listing_status: 'unknown',
      home_type: 'other',
      bedrooms: null,
      bathrooms: null,
      living_area_sqft: null,
      lot_size_sqft: null,
      year_built: null,
      description: null,
      photos: [],
      facts: { heating: [], cooling: [], laundry: null, parking: [] },
      listing_agent: null,
      broker: null,
    }
    expect(normalizedListing.safeParse(sparse).success).toBe(true)
  })

  it('rejects unknown fields anywhere', () => {
    expect(rejects((l) => (l.extra = 1))).toBe(true)
    expect(rejects((l) => ((l.address as Record<string, unknown>).country = 'US'))).toBe(true)
    expect(rejects((l) => ((l.facts as Record<string, unknown>).pool = []))).toBe(true)
    expect(rejects((l) => ((l.broker as Record<string, unknown>).email = 'a@b.c'))).toBe(true)
  })

  it('rejects what the extension never sends', () => {
    expect(rejects((l) => (l.photos = ['http://photos.zillowstatic.com/fp/a.jpg']))).toBe(true)
    expect(rejects((l) => (l.photos = ['javascript:alert(1)']))).toBe(true)
    expect(
      rejects((l) => (l.photos = Array.from({ length: 51 }, (_, i) => `https://p.test/${i}.jpg`))),
    ).toBe(true)
    expect(rejects((l) => (l.description = 'x'.repeat(20_001)))).toBe(true)
    expect(rejects((l) => (l.source_id = '15192198; drop'))).toBe(true)
    expect(rejects((l) => (l.url = 'http://www.zillow.com/homedetails/x/1_zpid/'))).toBe(true)
    expect(rejects((l) => ((l.address as Record<string, unknown>).state = 'California'))).toBe(true)
    expect(rejects((l) => ((l.address as Record<string, unknown>).zip = '941'))).toBe(true)
    expect(rejects((l) => (l.home_type = 'castle'))).toBe(true)
    expect(rejects((l) => (l.listing_status = 'FOR_SALE'))).toBe(true)
    expect(rejects((l) => (l.bedrooms = 2.5))).toBe(true)
    expect(rejects((l) => (l.price = -1))).toBe(true)
    expect(rejects((l) => (l.year_built = 1492))).toBe(true)
  })
})
