import { describe, expect, it } from 'vitest'
import { readRedfinJsonLd } from './read-redfin-json-ld.ts'

const ID = '5216364'
const URL = `https://www.redfin.com/CA/Sherman-Oaks/13157-Otsego-St-91423/home/${ID}`
const OTHER = 'https://www.redfin.com/CA/Sherman-Oaks/13220-Otsego-St-91423/home/5216459'

function page(...blocks: unknown[]): Document {
  const scripts = blocks
    .map((b) => `<script type="application/ld+json">${JSON.stringify(b)}</script>`)
    .join('')
  return new DOMParser().parseFromString(`<head>${scripts}</head>`, 'text/html')
}

const address = (street: string) => ({
  '@type': 'PostalAddress',
  streetAddress: street,
  addressLocality: 'Sherman Oaks',
  addressRegion: 'CA',
  postalCode: '91423',
})

describe('readRedfinJsonLd', () => {
  it('reads a RealEstateListing and the home it nests, not the other homes beside it', () => {
    const doc = page(
      {
        '@type': 'RealEstateListing',
        url: URL,
        offers: { '@type': 'Offer', price: '3795000', availability: 'https://schema.org/InStock' },
        mainEntity: {
          '@type': 'SingleFamilyResidence',
          address: address('13157 Otsego'),
          numberOfBedrooms: 5,
          floorSize: { value: '3,864', unitCode: 'FTK' },
          image: ['https://ssl.cdn-redfin.com/photo/45/mbphotov3/384/genMid.GD25253384_0.webp'],
        },
      },
      [{ '@type': 'SingleFamilyResidence', url: OTHER, address: address('13220 Otsego St') }],
    )
    expect(readRedfinJsonLd(doc, ID)).toEqual({
      hints: {
        sourceId: ID,
        street: '13157 Otsego',
        city: 'Sherman Oaks',
        state: 'CA',
        zip: '91423',
        price: 3_795_000,
        homeType: 'single_family',
        bedrooms: 5,
        livingAreaSqft: 3864,
        photos: ['https://ssl.cdn-redfin.com/photo/45/bigphoto/384/GD25253384_0.jpg'],
      },
      otherListingSeen: false,
    })
  })

  it('says so when the page describes another home', () => {
    const doc = page({
      '@type': ['Product', 'SingleFamilyResidence'],
      address: address('13220 Otsego St'),
      offers: { price: 1, url: OTHER, availability: 'https://schema.org/OutOfStock' },
    })
    expect(readRedfinJsonLd(doc, ID)).toEqual({ hints: null, otherListingSeen: true })
    expect(readRedfinJsonLd(doc, '5216459').hints?.status).toBe('off_market')
  })

  it('takes the one home of a page that names none, and skips what is not a home', () => {
    const doc = page(
      { '@type': 'Organization', name: 'Redfin', url: 'https://www.redfin.com' },
      { '@type': 'Event', name: 'Open house', url: URL, offers: { price: 0 } },
      { address: address('13157 Otsego') },
    )
    expect(readRedfinJsonLd(doc, ID).hints).toEqual({
      sourceId: ID,
      street: '13157 Otsego',
      city: 'Sherman Oaks',
      state: 'CA',
      zip: '91423',
    })
  })
})
