import { describe, expect, it } from 'vitest'
import { LISTING_SOURCES } from '../../api/listing-sources.ts'
import { SOURCE_EXTRACTORS, sourceOfListingUrl } from './extractors.ts'

const LISTING_URLS = {
  zillow:
    'https://www.zillow.com/homedetails/661-Lakeview-Ave-San-Francisco-CA-94112/15192198_zpid/',
  realtor:
    'https://www.realtor.com/realestateandhomes-detail/12355-Attlee-Dr_Houston_TX_77077_M70330-35605',
  redfin: 'https://www.redfin.com/CA/Sherman-Oaks/13157-Otsego-St-91423/home/5216364',
} as const

describe('the extractors of the registry', () => {
  it('know each source by its listing URLs, and no source by any other page', () => {
    for (const source of LISTING_SOURCES) {
      expect(sourceOfListingUrl(LISTING_URLS[source])).toBe(source)
    }
    expect(sourceOfListingUrl('https://www.redfin.com/city/11203/CA/Los-Angeles')).toBeNull()
    expect(
      sourceOfListingUrl('https://www.realtor.com/realestateandhomes-search/Houston_TX'),
    ).toBeNull()
    expect(sourceOfListingUrl('https://example.com/homedetails/1_zpid/')).toBeNull()
  })

  it('answer, never throw, on a page whose scripts removed its head and body', () => {
    for (const source of LISTING_SOURCES) {
      const doc = new DOMParser().parseFromString(
        '<html><head><title>x</title></head><body></body></html>',
        'text/html',
      )
      doc.head.remove()
      doc.body.remove()
      expect(SOURCE_EXTRACTORS[source].extract(doc, LISTING_URLS[source])).toMatchObject({
        ok: false,
        reason: 'no-data',
      })
    }
  })
})
