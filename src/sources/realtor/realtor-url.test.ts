import { describe, expect, it } from 'vitest'
import {
  addressHintsFromRealtorUrl,
  canonicalRealtorUrl,
  isRealtorPageUrl,
  normalizeRealtorId,
  realtorIdFromLink,
  realtorListingIdFromUrl,
} from './realtor-url.ts'

const HOUSTON =
  'https://www.realtor.com/realestateandhomes-detail/12355-Attlee-Dr_Houston_TX_77077_M70330-35605'

describe('Realtor.com URLs', () => {
  it('reads the property id of detail and rental-detail URLs as the page data writes it', () => {
    expect(realtorListingIdFromUrl(HOUSTON)).toBe('7033035605')
    expect(realtorListingIdFromUrl(`${HOUSTON}?from=srp#photo-3`)).toBe('7033035605')
    expect(realtorListingIdFromUrl(`${HOUSTON}/`)).toBe('7033035605')
    expect(
      realtorListingIdFromUrl(
        'https://www.realtor.com/rentals/details/12355-Attlee-Dr_Houston_TX_77077_M70330-35605',
      ),
    ).toBe('7033035605')
    expect(
      realtorListingIdFromUrl('https://www.realtor.com/realestateandhomes-detail/M12345-67890'),
    ).toBe('1234567890')
  })

  it('finds no listing on other pages, hosts or schemes', () => {
    for (const url of [
      'https://www.realtor.com/',
      'https://www.realtor.com/realestateandhomes-search/Houston_TX',
      'https://www.realtor.com/realestateagents/Jesse-Corona_Bakersfield_CA_1857095_350794748',
      'https://www.realtor.com/realestateandhomes-detail/12355-Attlee-Dr_Houston_TX_77077',
      'https://www.realtor.com/news/M70330-35605',
      'http://www.realtor.com/realestateandhomes-detail/x_M70330-35605',
      'https://realtor.com.evil.test/realestateandhomes-detail/x_M70330-35605',
      'https://www.zillow.com/realestateandhomes-detail/x_M70330-35605',
      'not a url',
    ]) {
      expect(realtorListingIdFromUrl(url), url).toBeNull()
    }
  })

  it('knows realtor.com pages from other sites', () => {
    expect(isRealtorPageUrl('https://www.realtor.com/realestateandhomes-search/Houston_TX')).toBe(
      true,
    )
    expect(isRealtorPageUrl('http://www.realtor.com/')).toBe(false)
    expect(isRealtorPageUrl('https://www.realtor.ca/')).toBe(false)
    expect(isRealtorPageUrl('https://notrealtor.com/')).toBe(false)
  })

  it('reads ids of links in the page, relative, absolute or http', () => {
    expect(
      realtorIdFromLink(
        '/realestateandhomes-detail/2303-March-Ave_Bakersfield_CA_93313_M12249-58023',
      ),
    ).toBe('1224958023')
    expect(
      realtorIdFromLink(
        'http://www.realtor.com/realestateandhomes-detail/5804-Cedar-Glen-Ln_Bakersfield_CA_93313_M12147-18296',
      ),
    ).toBe('1214718296')
    expect(realtorIdFromLink('https://www.zillow.com/homedetails/x/1_zpid/')).toBeNull()
    expect(realtorIdFromLink(undefined)).toBeNull()
  })

  it('compares ids however the data writes them', () => {
    expect(normalizeRealtorId('7033035605')).toBe('7033035605')
    expect(normalizeRealtorId(7033035605)).toBe('7033035605')
    expect(normalizeRealtorId('M7033035605')).toBe('7033035605')
    expect(normalizeRealtorId('')).toBeNull()
    expect(normalizeRealtorId(null)).toBeNull()
    expect(normalizeRealtorId('7033035605x')).toBeNull()
  })

  it('keeps the listing URL without query or fragment', () => {
    expect(canonicalRealtorUrl(`${HOUSTON}?from=srp#photo-3`)).toBe(HOUSTON)
  })

  it('takes state and ZIP from the slug', () => {
    expect(addressHintsFromRealtorUrl(HOUSTON)).toEqual({ state: 'TX', zip: '77077' })
    expect(
      addressHintsFromRealtorUrl('https://www.realtor.com/realestateandhomes-detail/M12345-67890'),
    ).toEqual({})
  })
})
