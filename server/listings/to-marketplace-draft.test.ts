import { describe, expect, test } from 'vitest'
import { HOME_TYPES, normalizedListing, type NormalizedListing } from '../../api/schemas/listing.ts'
import { MARKETPLACE_LIMITS, marketplaceDraft } from '../../api/schemas/marketplace-draft.ts'
import {
  AIR_CONDITIONING_TABLE,
  HEATING_TABLE,
  LAUNDRY_TABLE,
  PARKING_TABLE,
  agentSignature,
  brokerAttribution,
  fitText,
  marketplaceDescription,
  optionFromFacts,
  toMarketplaceDraft,
} from './to-marketplace-draft.ts'

const photo = (n: number) => `https://photos.zillowstatic.com/fp/photo-${n}-cc_ft_1536.jpg`

/** The San Francisco house of ../shared/fixtures/zillow (scrapfly, 2023), as the extractor gives it. */
const sfHouseForSale: NormalizedListing = {
  source: 'zillow',
  source_id: '15177637',
  url: 'https://www.zillow.com/homedetails/661-Lakeview-Ave-San-Francisco-CA-94112/15177637_zpid/',
  address: { street: '661 Lakeview Ave', city: 'San Francisco', state: 'CA', zip: '94112' },
  price: 850000,
  listing_status: 'for_sale',
  home_type: 'single_family',
  bedrooms: 2,
  bathrooms: 1,
  living_area_sqft: 900,
  lot_size_sqft: 2495,
  year_built: 1941,
  description:
    'Imagine the Possibilities! Excellent opportunity to own a single-family, fully detached home with an attached one car garage on a desirable street!',
  photos: [photo(1), photo(2), photo(3)],
  facts: {
    heating: ['Floor Furnace'],
    cooling: ['None'],
    laundry: 'In Garage',
    parking: ['Attached'],
  },
  listing_agent: { name: 'Wong Real Estate Grp', phone: '650-619-2790' },
  broker: { name: 'KW Advisors', phone: '650-627-3700' },
  date_available: null,
  sold_date: null,
}

/** The Ames condo of ../shared/fixtures/zillow (2024): sold, so advertised (if at all) as a sale. */
const amesCondoSold: NormalizedListing = {
  source: 'zillow',
  source_id: '94727498',
  url: 'https://www.zillow.com/homedetails/2435-Aspen-Rd-UNIT-104-Ames-IA-50010/94727498_zpid/',
  address: { street: '2435 Aspen Rd UNIT 104', city: 'Ames', state: 'IA', zip: '50010' },
  price: 195000,
  listing_status: 'sold',
  home_type: 'condo',
  bedrooms: 2,
  bathrooms: 2,
  living_area_sqft: 1133,
  lot_size_sqft: null,
  year_built: 2002,
  description: 'This is convenient living at its finest.',
  photos: [photo(1)],
  facts: {
    heating: ['Forced Air'],
    cooling: ['Central Air'],
    laundry: 'Main Level',
    parking: ['Garage'],
  },
  listing_agent: { name: 'Tyler/Megan Frederiksen' },
  broker: { name: 'Norsemen Realty Team - Friedrich Iowa Realty' },
  date_available: null,
  sold_date: '2024-05-31',
}

/** A Brooklyn rental: no broker on the page, no ZIP, more photos than Marketplace gets. */
const brooklynRental: NormalizedListing = {
  source: 'zillow',
  source_id: '2056781234',
  url: 'https://www.zillow.com/homedetails/210-Eastern-Pkwy-APT-4B-Brooklyn-NY-11238/2056781234_zpid/',
  address: { street: '210 Eastern Pkwy APT 4B', city: 'Brooklyn', state: 'NY', zip: null },
  price: 2849.6,
  listing_status: 'for_rent',
  home_type: 'apartment',
  bedrooms: 1,
  bathrooms: 1,
  living_area_sqft: null,
  lot_size_sqft: null,
  year_built: null,
  description: 'Sunny one bedroom facing the park. Heat and hot water included.',
  photos: Array.from({ length: 25 }, (_, i) => photo(i + 1)),
  facts: {
    heating: ['Radiator', 'Steam'],
    cooling: ['Wall Unit(s)'],
    laundry: 'Common Area',
    parking: ['On Street'],
  },
  listing_agent: { name: 'Dana Ruiz' },
  broker: null,
  date_available: '2026-12-01',
  sold_date: null,
}

describe('toMarketplaceDraft', () => {
  test('a house for sale with its broker', () => {
    expect(toMarketplaceDraft(sfHouseForSale)).toEqual({
      listing_type: 'sale',
      property_type: 'House',
      bedrooms: 2,
      bathrooms: 1,
      price: 850000,
      address: {
        line: '661 Lakeview Ave, San Francisco, CA 94112',
        street: '661 Lakeview Ave',
        city: 'San Francisco',
        state: 'CA',
        zip: '94112',
      },
      square_feet: 900,
      description:
        'Imagine the Possibilities! Excellent opportunity to own a single-family, fully detached home with an attached one car garage on a desirable street!\n\nListing courtesy of Wong Real Estate Grp of KW Advisors.',
      photos: [photo(1), photo(2), photo(3)],
      laundry: 'In-unit laundry',
      parking: 'Garage parking',
      air_conditioning: 'None',
      heating: 'Heating available',
      date_available: null,
      source_url:
        'https://www.zillow.com/homedetails/661-Lakeview-Ave-San-Francisco-CA-94112/15177637_zpid/',
    })
  })

  test('a sold condo becomes a sale draft', () => {
    expect(toMarketplaceDraft(amesCondoSold)).toEqual({
      listing_type: 'sale',
      property_type: 'Apartment',
      bedrooms: 2,
      bathrooms: 2,
      price: 195000,
      address: {
        line: '2435 Aspen Rd UNIT 104, Ames, IA 50010',
        street: '2435 Aspen Rd UNIT 104',
        city: 'Ames',
        state: 'IA',
        zip: '50010',
      },
      square_feet: 1133,
      description:
        'This is convenient living at its finest.\n\nListing courtesy of Tyler/Megan Frederiksen of Norsemen Realty Team - Friedrich Iowa Realty.',
      photos: [photo(1)],
      laundry: 'In-unit laundry',
      parking: 'Garage parking',
      air_conditioning: 'Central AC',
      heating: 'Central heating',
      date_available: null,
      source_url:
        'https://www.zillow.com/homedetails/2435-Aspen-Rd-UNIT-104-Ames-IA-50010/94727498_zpid/',
    })
  })

  test('a rental without a broker: rent, whole dollars, 20 photos in order, no attribution', () => {
    expect(toMarketplaceDraft(brooklynRental)).toEqual({
      listing_type: 'rent',
      property_type: 'Apartment',
      bedrooms: 1,
      bathrooms: 1,
      price: 2850,
      address: {
        line: '210 Eastern Pkwy APT 4B, Brooklyn, NY',
        street: '210 Eastern Pkwy APT 4B',
        city: 'Brooklyn',
        state: 'NY',
        zip: null,
      },
      square_feet: null,
      description: 'Sunny one bedroom facing the park. Heat and hot water included.',
      photos: Array.from({ length: 20 }, (_, i) => photo(i + 1)),
      laundry: 'Laundry in building',
      parking: 'Street parking',
      air_conditioning: 'AC available',
      heating: 'Radiator heating',
      date_available: '2026-12-01',
      source_url:
        'https://www.zillow.com/homedetails/210-Eastern-Pkwy-APT-4B-Brooklyn-NY-11238/2056781234_zpid/',
    })
  })

  test('unknowns stay null; no remarks leaves the attribution alone', () => {
    const draft = toMarketplaceDraft({
      ...sfHouseForSale,
      listing_status: 'coming_soon',
      home_type: 'other',
      price: null,
      bedrooms: null,
      bathrooms: null,
      living_area_sqft: null,
      description: null,
      listing_agent: null,
      facts: { heating: ['Other'], cooling: ['Ceiling Fan(s)'], laundry: null, parking: [] },
    })
    expect(draft).toMatchObject({
      listing_type: 'sale',
      property_type: null,
      price: null,
      bedrooms: null,
      bathrooms: null,
      square_feet: null,
      description: 'Listing courtesy of KW Advisors.',
      laundry: null,
      parking: null,
      air_conditioning: null,
      heating: null,
    })
  })

  test('a sale keeps no move-in date, even when the listing carries one', () => {
    const draft = toMarketplaceDraft({ ...brooklynRental, listing_status: 'for_sale' })
    expect(draft.listing_type).toBe('sale')
    expect(draft.date_available).toBeNull()
  })

  test('every home type becomes one of the three property types Marketplace offers, or null', () => {
    const typeOf = (home_type: NormalizedListing['home_type'], rent: boolean) =>
      toMarketplaceDraft({
        ...sfHouseForSale,
        home_type,
        listing_status: rent ? 'for_rent' : 'for_sale',
      }).property_type
    const table = HOME_TYPES.map((type) => [type, typeOf(type, false), typeOf(type, true)])
    expect(table).toEqual([
      ['single_family', 'House', 'House'],
      ['condo', 'Apartment', 'Apartment'],
      ['townhouse', 'Townhouse', 'Townhouse'],
      ['multi_family', 'House', 'Apartment'],
      ['apartment', 'Apartment', 'Apartment'],
      ['manufactured', 'House', 'House'],
      ['lot', null, null],
      ['other', null, null],
    ])
  })

  test('every draft made from a valid listing is a valid draft', () => {
    for (const listing of [sfHouseForSale, amesCondoSold, brooklynRental]) {
      expect(normalizedListing.safeParse(listing).success).toBe(true)
      expect(marketplaceDraft.safeParse(toMarketplaceDraft(listing)).success).toBe(true)
    }
  })
})

describe('description', () => {
  const broker = { name: 'Compass' }
  const agent = { name: 'Jane Doe' }

  test('long remarks are cut at a word boundary with an ellipsis; the attribution stays whole, last', () => {
    const word = 'spacious '
    const remarks = word.repeat(700).trim() // 6,299 characters
    const description = toMarketplaceDraft({
      ...sfHouseForSale,
      description: remarks,
      listing_agent: agent,
      broker,
    }).description
    const attribution = '\n\nListing courtesy of Jane Doe of Compass.'
    expect(description.length).toBeLessThanOrEqual(MARKETPLACE_LIMITS.descriptionMaxLength)
    expect(description.endsWith(`spacious…${attribution}`)).toBe(true)
    // As long as whole words allow: the next word would not have fitted.
    const body = description.slice(0, -attribution.length)
    expect(body.length + word.length).toBeGreaterThan(
      MARKETPLACE_LIMITS.descriptionMaxLength - attribution.length,
    )
    expect(
      body
        .slice(0, -1)
        .split(' ')
        .every((w) => w === 'spacious'),
    ).toBe(true)
  })

  test('exact outputs at a small limit', () => {
    const remarks = 'Bright corner unit, renovated kitchen, two blocks to the train.'
    expect(marketplaceDescription(remarks, brokerAttribution(broker, null), 60)).toBe(
      'Bright corner unit, renovated…\n\nListing courtesy of Compass.',
    )
    expect(marketplaceDescription(remarks, brokerAttribution(null, null), 40)).toBe(
      'Bright corner unit, renovated kitchen…',
    )
    expect(marketplaceDescription(remarks, brokerAttribution(broker, agent), 200)).toBe(
      `${remarks}\n\nListing courtesy of Jane Doe of Compass.`,
    )
    // A broker name ending in a period gets no second one.
    expect(
      marketplaceDescription(null, brokerAttribution({ name: 'Acme Realty, Inc.' }, null)),
    ).toBe('Listing courtesy of Acme Realty, Inc.')
  })

  test("the agent's own listing is signed with their profile instead of crediting the broker", () => {
    const signer = {
      listing_name: 'Jane Q. Smith',
      license_number: '01234567',
      license_state: 'CA',
      brokerage: 'Acme Realty',
    }
    const draft = toMarketplaceDraft({ ...sfHouseForSale, listing_agent: agent, broker }, signer)
    expect(draft.description).toBe(
      `${String(sfHouseForSale.description)}\n\nListed by Jane Q. Smith of Acme Realty (CA License #01234567).`,
    )
    expect(draft.description).not.toContain('Compass')
    expect(agentSignature({ ...signer, license_state: null })).toBe(
      'Listed by Jane Q. Smith of Acme Realty (License #01234567).',
    )
    // No license number: the state alone says nothing.
    expect(agentSignature({ ...signer, license_number: null })).toBe(
      'Listed by Jane Q. Smith of Acme Realty.',
    )
    expect(
      agentSignature({ ...signer, license_number: null, brokerage: 'Acme Realty, Inc.' }),
    ).toBe('Listed by Jane Q. Smith of Acme Realty, Inc.')
    // Without a signer the same listing credits its broker.
    expect(
      toMarketplaceDraft({ ...sfHouseForSale, listing_agent: agent, broker }).description,
    ).toMatch(/Listing courtesy of Jane Doe of Compass\.$/)
  })

  test('fitText never splits an emoji on a hard cut', () => {
    expect(fitText('😀😀😀', 4)).toBe('😀…')
    expect(fitText('short', 10)).toBe('short')
  })
})

describe('facts → Marketplace options', () => {
  test.each([
    ['In Unit', 'In-unit laundry'],
    ['Washer/Dryer Hookups, In Garage', 'In-unit laundry'],
    ['Laundry Room, Upper Level', 'In-unit laundry'],
    ['Washer/Dryer Hookups', 'Laundry available'],
    ['Common Area', 'Laundry in building'],
    ['Shared, On Site', 'Laundry in building'],
    ['None', 'None'],
    ['See Remarks', null],
  ])('laundry %j → %j', (fact, option) => {
    expect(optionFromFacts(LAUNDRY_TABLE, fact.split(','))).toBe(option)
  })

  test.each([
    [['Attached'], 'Garage parking'],
    [['Garage - Detached', 'Driveway'], 'Garage parking'],
    [['Driveway', 'On Street'], 'Off-street parking'],
    [['Carport'], 'Off-street parking'],
    [['Off Street'], 'Off-street parking'],
    [['On Street'], 'Street parking'],
    [['2 Parking Spaces'], 'Parking available'],
    [['None'], 'None'],
    [[], null],
  ])('parking %j → %j', (facts, option) => {
    expect(optionFromFacts(PARKING_TABLE, facts)).toBe(option)
  })

  test.each([
    [['Central Air'], 'Central AC'],
    [['Ceiling Fan(s)', 'Central Air'], 'Central AC'],
    [['Wall Unit(s)'], 'AC available'],
    [['Ductless', 'Mini-Split'], 'AC available'],
    [['None'], 'None'],
    [['Ceiling Fan(s)', 'None'], 'None'],
    [['Ceiling Fan(s)'], null],
  ])('cooling %j → %j', (facts, option) => {
    expect(optionFromFacts(AIR_CONDITIONING_TABLE, facts)).toBe(option)
  })

  test.each([
    [['Forced Air', 'Natural Gas'], 'Central heating'],
    [['Heat Pump'], 'Central heating'],
    [['Wall Furnace'], 'Heating available'],
    [['Wall Furnace', 'Central'], 'Central heating'],
    [['Radiator', 'Steam'], 'Radiator heating'],
    [['Natural Gas'], 'Gas heating'],
    [['Baseboard', 'Electric'], 'Electric heating'],
    [['Fireplace(s)'], 'Heating available'],
    [['No Heat'], 'None'],
    [['Other'], null],
  ])('heating %j → %j', (facts, option) => {
    expect(optionFromFacts(HEATING_TABLE, facts)).toBe(option)
  })
})
