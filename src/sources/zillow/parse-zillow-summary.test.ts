import { describe, expect, it } from 'vitest'
import { parseOneLineAddress, parseZillowSummary } from './parse-zillow-summary.ts'

describe('parseZillowSummary', () => {
  it('reads a listed home’s sentence', () => {
    expect(
      parseZillowSummary(
        'Zillow has 21 photos of this $850,000 2 beds, 1 bath, 900 Square Feet single family home located at 661 Lakeview Ave, San Francisco, CA 94112 built in 1921. MLS #ML81929841.',
      ),
    ).toEqual({
      price: 850_000,
      status: 'for_sale',
      bedrooms: 2,
      bathrooms: 1,
      livingAreaSqft: 900,
      yearBuilt: 1921,
      homeType: 'single_family',
      street: '661 Lakeview Ave',
      city: 'San Francisco',
      state: 'CA',
      zip: '94112',
    })
  })

  it('reads a rental’s monthly rent', () => {
    expect(
      parseZillowSummary(
        'Zillow has 12 photos of this $2,450/mo 1 bed, 1.5 baths, 650 Square Feet condo home located at 10 Pine St APT 3, Seattle, WA 98101 built in 1990.',
      ),
    ).toMatchObject({
      price: 2450,
      status: 'for_rent',
      bathrooms: 1.5,
      homeType: 'condo',
      street: '10 Pine St APT 3',
    })
  })

  it('reads a sold home’s sentence', () => {
    expect(
      parseZillowSummary(
        '2435 Aspen Rd UNIT 104, Ames, IA 50010 is a condo home that contains 1,133 sq ft and was built in 2004. It contains 2 bedrooms and 2 bathrooms. This home last sold for $195,000 in June 2024.',
      ),
    ).toEqual({
      price: 195_000,
      status: 'sold',
      bedrooms: 2,
      bathrooms: 2,
      livingAreaSqft: 1133,
      yearBuilt: 2004,
      homeType: 'condo',
      street: '2435 Aspen Rd UNIT 104',
      city: 'Ames',
      state: 'IA',
      zip: '50010',
    })
  })

  it('gives nothing for a sentence that is not a summary', () => {
    expect(
      Object.values(parseZillowSummary('Find your next home on Zillow.')).filter(
        (v) => v !== undefined,
      ),
    ).toEqual([])
  })
})

describe('parseOneLineAddress', () => {
  it('splits street, city, state and ZIP, the street may hold commas', () => {
    expect(parseOneLineAddress('12 Oak St, Unit 4, Boise, ID 83702-1234')).toEqual({
      street: '12 Oak St, Unit 4',
      city: 'Boise',
      state: 'ID',
      zip: '83702-1234',
    })
    expect(parseOneLineAddress('55 OTSEGO AVE San Francisco CA')).toBeUndefined()
  })
})
