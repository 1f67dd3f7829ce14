import { describe, expect, it } from 'vitest'
import {
  addressHintsFromUrl,
  canonicalListingUrl,
  listingZpidFromUrl,
  zpidFromLink,
} from './zillow-url.ts'

describe('Zillow URLs', () => {
  it('finds the zpid of a listing URL and nothing elsewhere', () => {
    expect(
      listingZpidFromUrl(
        'https://www.zillow.com/homedetails/1-Main-St-X-CA-94112/15192198_zpid/?a=1',
      ),
    ).toBe('15192198')
    expect(listingZpidFromUrl('https://www.zillow.com/homes/15192198_zpid/')).toBe('15192198')
    expect(listingZpidFromUrl('https://www.zillow.com/san-francisco-ca/')).toBeNull()
    expect(
      listingZpidFromUrl('https://www.zillow.com/homedetails/x/?zpid=15192198_zpid'),
    ).toBeNull()
    expect(listingZpidFromUrl('https://zillow.com.evil.test/homedetails/x/1_zpid/')).toBeNull()
    expect(listingZpidFromUrl('http://www.zillow.com/homedetails/x/1_zpid/')).toBeNull()
    expect(listingZpidFromUrl('not a url')).toBeNull()
  })

  it('reads zpids of relative and absolute links', () => {
    expect(zpidFromLink('/homedetails/x/42_zpid/')).toBe('42')
    expect(zpidFromLink('https://www.zillow.com/homedetails/x/43_zpid/')).toBe('43')
    expect(zpidFromLink(undefined)).toBeNull()
  })

  it('keeps the listing URL without query or fragment', () => {
    expect(canonicalListingUrl('https://www.zillow.com/homedetails/x/1_zpid/?utm=a#photos')).toBe(
      'https://www.zillow.com/homedetails/x/1_zpid/',
    )
  })

  it('takes state and ZIP from the slug', () => {
    expect(
      addressHintsFromUrl(
        'https://www.zillow.com/homedetails/55-Otsego-Ave-San-Francisco-CA-94112/15140166_zpid/',
      ),
    ).toEqual({
      state: 'CA',
      zip: '94112',
    })
    expect(addressHintsFromUrl('https://www.zillow.com/homes/15140166_zpid/')).toEqual({})
  })
})
