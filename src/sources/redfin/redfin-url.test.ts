import { describe, expect, it } from 'vitest'
import {
  addressHintsFromRedfinUrl,
  canonicalRedfinUrl,
  isRedfinPageUrl,
  redfinIdFromLink,
  redfinListingIdFromUrl,
} from './redfin-url.ts'

const HOUSE = 'https://www.redfin.com/CA/Sherman-Oaks/13157-Otsego-St-91423/home/5216364'

describe('Redfin URLs', () => {
  it('finds the home id of a listing URL, unit and rental pages too', () => {
    expect(redfinListingIdFromUrl(HOUSE)).toBe('5216364')
    expect(redfinListingIdFromUrl(`${HOUSE}/?utm_source=x#photos`)).toBe('5216364')
    expect(
      redfinListingIdFromUrl(
        'https://www.redfin.com/CA/Los-Angeles/4506-Dockweiler-St-90019/unit-203/home/195243145',
      ),
    ).toBe('195243145')
    expect(
      redfinListingIdFromUrl(
        'https://www.redfin.com/CA/La-Quinta/80819-Calle-Azul-92253/home/6639373',
      ),
    ).toBe('6639373')
  })

  it('says no to every other page', () => {
    expect(redfinListingIdFromUrl('https://www.redfin.com/city/11203/CA/Los-Angeles')).toBeNull()
    expect(redfinListingIdFromUrl('https://www.redfin.com/')).toBeNull()
    expect(
      redfinListingIdFromUrl(
        'https://www.redfin.com/CA/Indio/45371-Park-St-92201/unit-1/apartment/198794217',
      ),
    ).toBeNull()
    expect(redfinListingIdFromUrl(`${HOUSE}/photos`)).toBeNull()
    expect(redfinListingIdFromUrl('https://www.redfin.com/home/abc')).toBeNull()
    expect(redfinListingIdFromUrl(HOUSE.replace('https:', 'http:'))).toBeNull()
    expect(redfinListingIdFromUrl(HOUSE.replace('www.redfin.com', 'www.redfin.ca'))).toBeNull()
    expect(
      redfinListingIdFromUrl(HOUSE.replace('www.redfin.com', 'redfin.com.evil.test')),
    ).toBeNull()
    expect(redfinListingIdFromUrl('not a url')).toBeNull()
  })

  it('knows Redfin pages that are not listings', () => {
    expect(isRedfinPageUrl('https://www.redfin.com/city/11203/CA/Los-Angeles')).toBe(true)
    expect(isRedfinPageUrl(HOUSE)).toBe(true)
    expect(isRedfinPageUrl('https://www.zillow.com/homedetails/x/1_zpid/')).toBe(false)
    expect(isRedfinPageUrl('https://notredfin.com/home/1')).toBe(false)
    expect(isRedfinPageUrl('http://www.redfin.com/')).toBe(false)
  })

  it('reads the home id of relative and absolute links', () => {
    expect(redfinIdFromLink('/CA/Sherman-Oaks/13157-Otsego-St-91423/home/5216364')).toBe('5216364')
    expect(redfinIdFromLink(HOUSE)).toBe('5216364')
    expect(redfinIdFromLink('https://www.example.com/CA/x/home/5216364')).toBeNull()
    expect(redfinIdFromLink(undefined)).toBeNull()
  })

  it('keeps the listing URL without query or fragment', () => {
    expect(canonicalRedfinUrl(`${HOUSE}?utm=a#photos`)).toBe(HOUSE)
  })

  it('takes state and ZIP from the path', () => {
    expect(addressHintsFromRedfinUrl(HOUSE)).toEqual({ state: 'CA', zip: '91423' })
    expect(
      addressHintsFromRedfinUrl(
        'https://www.redfin.com/CA/Los-Angeles/4506-Dockweiler-St-90019/unit-203/home/195243145',
      ),
    ).toEqual({ state: 'CA', zip: '90019' })
    expect(addressHintsFromRedfinUrl('https://www.redfin.com/home/5216364')).toEqual({})
  })
})
