import { describe, expect, it } from 'vitest'
import { floorSizeSqft, jsonLdImages, jsonLdNodes, jsonLdTypes, offerPrice } from './json-ld.ts'

function page(...blocks: string[]): Document {
  const scripts = blocks.map((b) => `<script type="application/ld+json">${b}</script>`).join('')
  return new DOMParser().parseFromString(`<html><head>${scripts}</head></html>`, 'text/html')
}

describe('JSON-LD as listing pages write it', () => {
  it('flattens arrays and @graph, and skips a block that is not JSON', () => {
    const doc = page(
      JSON.stringify([{ '@type': 'Organization' }, { '@graph': [{ '@type': 'House' }] }]),
      '{ not json',
    )
    const nodes = jsonLdNodes(doc)
    expect(nodes.map((node) => jsonLdTypes(node))).toEqual([['Organization'], [], ['House']])
    expect(jsonLdNodes(doc.querySelectorAll('script'))).toEqual(nodes)
  })

  it('reads a price from one offer or several, as a number or a text', () => {
    expect(offerPrice({ price: 850000 })).toBe(850000)
    expect(offerPrice([{ availability: 'x' }, { price: '$2,850' }])).toBe(2850)
    expect(offerPrice({ priceSpecification: { price: '3,795,000' } })).toBe(3795000)
    expect(offerPrice('850000')).toBeUndefined()
  })

  it('reads a floor size in square feet, in any unit the page names', () => {
    expect(floorSizeSqft('1,095 sqft')).toBe(1095)
    expect(floorSizeSqft({ value: 100, unitCode: 'MTK' })).toBe(1076)
    expect(floorSizeSqft({ value: 'big' })).toBeUndefined()
  })

  it('reads image URLs from texts and ImageObjects', () => {
    expect(
      jsonLdImages([
        ' https://a/1.jpg ',
        { url: 'https://a/2.jpg' },
        { contentUrl: 'https://a/3.jpg' },
        '',
      ]),
    ).toEqual(['https://a/1.jpg', 'https://a/2.jpg', 'https://a/3.jpg'])
  })
})
