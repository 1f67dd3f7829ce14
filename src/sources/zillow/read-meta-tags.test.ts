import { describe, expect, it } from 'vitest'
import { readMetaHints } from './read-meta-tags.ts'

function head(tags: string): Document {
  return new DOMParser().parseFromString(`<html><head>${tags}</head></html>`, 'text/html')
}

describe('readMetaHints', () => {
  it('reads the zillow_fb tags, the address and which home the page is', () => {
    const hints = readMetaHints(
      head(
        '<meta property="og:url" content="https://www.zillow.com/homedetails/x/15140166_zpid/">' +
          '<meta property="og:zillow_fb:address" content="55 Otsego Ave, San Francisco, CA 94112">' +
          '<meta property="zillow_fb:beds" content="2">' +
          '<meta property="zillow_fb:baths" content="1.5">' +
          '<meta property="product:price:amount" content="995000">' +
          '<meta property="og:image" content="https://photos.zillowstatic.com/fp/a-p_f.jpg">',
      ),
    )
    expect(hints).toMatchObject({
      sourceId: '15140166',
      street: '55 Otsego Ave',
      city: 'San Francisco',
      state: 'CA',
      zip: '94112',
      bedrooms: 2,
      bathrooms: 1.5,
      price: 995_000,
      photos: ['https://photos.zillowstatic.com/fp/a-p_f.jpg'],
    })
  })

  it('falls back to the title’s address and the canonical link, never the summary as remarks', () => {
    const hints = readMetaHints(
      head(
        '<link rel="canonical" href="/homedetails/x/42_zpid/">' +
          '<meta property="og:title" content="1 Elm St, Boise, ID 83702 | Zillow">' +
          '<meta name="description" content="Zillow has 3 photos of this $2,100/mo 1 bed, 1 bath, 600 Square Feet apartment home located at 1 Elm St, Boise, ID 83702 built in 1975.">',
      ),
    )
    expect(hints).toMatchObject({
      sourceId: '42',
      street: '1 Elm St',
      city: 'Boise',
      price: 2100,
      status: 'for_rent',
      homeType: 'apartment',
    })
    expect(hints.description).toBeUndefined()
  })
})
