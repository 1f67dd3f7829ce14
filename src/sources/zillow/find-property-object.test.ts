import { describe, expect, it } from 'vitest'
import { findPropertyObject, SEARCH_PAGE } from './find-property-object.ts'

function doc(body: string): Document {
  return new DOMParser().parseFromString(
    `<!DOCTYPE html><html><body>${body}</body></html>`,
    'text/html',
  )
}

function nextData(value: unknown): string {
  return `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(value)}</script>`
}

const cache = (entries: Record<string, unknown>) => JSON.stringify(entries)

describe('findPropertyObject', () => {
  it('reads the first cache entry with a property, whatever its query is called', () => {
    const found = findPropertyObject(
      doc(
        nextData({
          props: {
            pageProps: {
              componentProps: {
                gdpClientCache: cache({
                  'SomeQueryZillowHasNotInventedYet{"zpid":42}': {
                    property: { zpid: 42, price: 1 },
                  },
                  'AnotherQuery{"zpid":43}': { property: { zpid: 43 } },
                }),
              },
            },
          },
        }),
      ),
    )
    expect(found).toEqual({
      property: { zpid: 42, price: 1 },
      origin: 'next-data',
      zpid: '42',
      rentalQuery: false,
    })
  })

  it('skips entries without a property and takes the zpid from the key when the object lacks it', () => {
    const found = findPropertyObject(
      doc(
        nextData({
          props: {
            pageProps: {
              gdpClientCache: cache({
                'ContactFormQuery{"zpid":7}': { viewer: {} },
                'FullRenderQuery{"zpid":7,"altId":null}': { property: { price: 2 } },
              }),
            },
          },
        }),
      ),
    )
    expect(found).toEqual({
      property: { price: 2 },
      origin: 'next-data-legacy',
      zpid: '7',
      rentalQuery: false,
    })
  })

  it('says when the query asked for a rental (rental payloads may lack homeStatus)', () => {
    const found = findPropertyObject(
      doc(
        nextData({
          props: {
            pageProps: {
              componentProps: {
                gdpClientCache: cache({
                  'ForRentShopperPlatformFullRenderQuery{"zpid":9}': { property: { zpid: 9 } },
                }),
              },
            },
          },
        }),
      ),
    )
    expect(found).toMatchObject({ zpid: '9', rentalQuery: true })
  })

  it('accepts a cache that is already an object', () => {
    const found = findPropertyObject(
      doc(
        nextData({
          props: {
            pageProps: { componentProps: { gdpClientCache: { Q: { property: { zpid: '9' } } } } },
          },
        }),
      ),
    )
    expect(found).toMatchObject({ zpid: '9' })
  })

  it('merges the queries of an Apollo page, the first one that has a field winning', () => {
    const apollo = {
      zpid: 5,
      apiCache: cache({
        'VariantQuery{"zpid":5,"altId":null}': { property: { zpid: 5, city: 'Ames', price: null } },
        'FullRenderQuery{"zpid":5}': {
          property: { zpid: 5, city: 'Other', price: 10, bedrooms: 2 },
        },
      }),
    }
    const found = findPropertyObject(
      doc(
        `<script id="hdpApolloPreloadedData" type="application/json"><!--${JSON.stringify(apollo)}--></script>`,
      ),
    )
    expect(found).toEqual({
      property: { zpid: 5, city: 'Ames', price: 10, bedrooms: 2 },
      origin: 'apollo',
      zpid: '5',
      rentalQuery: false,
    })
  })

  it('tells a search page apart from a page without data', () => {
    expect(
      findPropertyObject(doc(nextData({ props: { pageProps: { searchPageState: {} } } }))),
    ).toBe(SEARCH_PAGE)
    expect(findPropertyObject(doc(nextData({ props: { pageProps: {} } })))).toBeNull()
    expect(findPropertyObject(doc('<div id="__NEXT_DATA__">{}</div>'))).toBeNull()
    expect(findPropertyObject(doc('<p>nothing</p>'))).toBeNull()
  })
})
