import { describe, expect, it } from 'vitest'
import { readJsonLdHints } from './read-json-ld.ts'

function doc(...blocks: unknown[]): Document {
  const scripts = blocks
    .map((b) => `<script type="application/ld+json">${JSON.stringify(b)}</script>`)
    .join('')
  return new DOMParser().parseFromString(`<html><head>${scripts}</head></html>`, 'text/html')
}

const home = (zpid: number, extra: Record<string, unknown> = {}) => ({
  '@type': 'SingleFamilyResidence',
  url: `https://www.zillow.com/homedetails/x/${zpid}_zpid/`,
  address: {
    streetAddress: `${zpid} Main St`,
    addressLocality: 'Town',
    addressRegion: 'OR',
    postalCode: '97201',
  },
  ...extra,
})

describe('readJsonLdHints', () => {
  it('uses the residence whose url names the listing, inside @graph too', () => {
    const { hints, otherListingSeen } = readJsonLdHints(
      doc({
        '@context': 'https://schema.org',
        '@graph': [{ '@type': 'WebPage' }, home(1), home(2)],
      }),
      '2',
    )
    expect(hints).toMatchObject({ sourceId: '2', street: '2 Main St', homeType: 'single_family' })
    expect(otherListingSeen).toBe(true)
  })

  it('reads offers, floor size units, bathrooms and images', () => {
    const { hints } = readJsonLdHints(
      doc(
        home(3, {
          '@type': ['Apartment'],
          offers: { '@type': 'Offer', price: '2450', priceCurrency: 'USD' },
          floorSize: { '@type': 'QuantitativeValue', value: 81, unitCode: 'MTK' },
          numberOfBedrooms: 2,
          numberOfFullBathrooms: 1,
          numberOfPartialBathrooms: 1,
          image: [
            { '@type': 'ImageObject', url: 'https://photos.zillowstatic.com/fp/a-p_f.jpg' },
            'https://photos.zillowstatic.com/fp/b-p_f.jpg',
          ],
        }),
      ),
      '3',
    )
    expect(hints).toMatchObject({
      price: 2450,
      livingAreaSqft: 872,
      bedrooms: 2,
      bathrooms: 1.5,
      homeType: 'apartment',
      photos: [
        'https://photos.zillowstatic.com/fp/a-p_f.jpg',
        'https://photos.zillowstatic.com/fp/b-p_f.jpg',
      ],
    })
  })

  it('takes the price from a separate offer about the same home', () => {
    const offer = {
      '@type': 'Offer',
      price: 650000,
      itemOffered: { url: 'https://www.zillow.com/homedetails/x/4_zpid/' },
    }
    const otherOffer = {
      '@type': 'Offer',
      price: 1,
      url: 'https://www.zillow.com/homedetails/x/5_zpid/',
    }
    expect(readJsonLdHints(doc(home(4), otherOffer, offer), '4').hints?.price).toBe(650_000)
  })

  it('uses a lone residence without url, but none about another home', () => {
    const anonymous = { ...home(6), url: undefined }
    expect(readJsonLdHints(doc(anonymous), '6').hints?.street).toBe('6 Main St')
    expect(readJsonLdHints(doc(home(7)), '6')).toEqual({ hints: null, otherListingSeen: true })
    expect(readJsonLdHints(doc({ '@type': 'Organization' }), '6')).toEqual({
      hints: null,
      otherListingSeen: false,
    })
  })

  it('skips blocks that are not JSON', () => {
    const page = new DOMParser().parseFromString(
      '<script type="application/ld+json">{not json</script>',
      'text/html',
    )
    expect(readJsonLdHints(page, '1').hints).toBeNull()
  })
})
