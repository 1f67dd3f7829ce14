import {
  isRecord,
  parseJson,
  recordAt,
  valueAt,
  type JsonRecord,
} from '../../listing/json-value.ts'
import { zpidOfProperty } from './zpid-of-property.ts'

/**
 * Where a Zillow page keeps the listing's property object, newest generation first:
 * - `script#__NEXT_DATA__` → `props.pageProps.componentProps.gdpClientCache`
 * - `script#__NEXT_DATA__` → `props.pageProps.gdpClientCache` (older Next.js pages)
 * - `script#hdpApolloPreloadedData` → `apiCache` (Apollo pages)
 *
 * The caches are JSON *strings* keyed by the GraphQL query that filled them; the query's name
 * changes between page generations (`ForSaleShopperPlatformFullRenderQuery{…}`,
 * `NotForSaleShopperPlatformFullRenderQuery{…}`, …), so no key is matched by name: the first entry
 * holding a `.property` object is the listing.
 */
export type PropertyOrigin = 'next-data' | 'next-data-legacy' | 'apollo'

export interface FoundProperty {
  property: JsonRecord
  origin: PropertyOrigin
  /** The zpid the data is about (the object's own, else its cache key's); `null` if it never says. */
  zpid: string | null
  /**
   * The cache key's query asked for a rental (`ForRentShopperPlatformFullRenderQuery{…}`): rental
   * payloads may carry no `homeStatus`, and the query is then what says the home is for rent.
   */
  rentalQuery: boolean
}

/** A search-results page's data (what a listing URL shows after in-app navigation from search). */
export const SEARCH_PAGE = 'search-page'

function scriptJson(doc: Document, id: string): unknown {
  const script = doc.getElementById(id)
  if (script?.tagName.toLowerCase() !== 'script') return undefined
  // Some generations wrapped the JSON in an HTML comment.
  const text = script.textContent.trim().replace(/^<!--/, '').replace(/-->$/, '')
  return parseJson(text)
}

/** A cache that is a JSON string (usual) or already an object. */
function cacheEntries(cache: unknown): [string, unknown][] {
  const parsed = typeof cache === 'string' ? parseJson(cache) : cache
  return isRecord(parsed) ? Object.entries(parsed) : []
}

function zpidFromCacheKey(key: string): string | null {
  return /"zpid":"?(\d+)/.exec(key)?.[1] ?? null
}

function firstCacheProperty(cache: unknown, origin: PropertyOrigin): FoundProperty | null {
  for (const [key, entry] of cacheEntries(cache)) {
    const property = recordAt(entry, 'property')
    if (property) {
      return {
        property,
        origin,
        zpid: zpidOfProperty(property) ?? zpidFromCacheKey(key),
        rentalQuery: /^ForRent/i.test(key),
      }
    }
  }
  return null
}

/**
 * Apollo pages split the listing over several queries (`VariantQuery{…}` with the basics, then
 * the full render query), so their properties are merged: the first entry that has a field wins.
 */
function mergedApolloProperty(apollo: unknown): FoundProperty | null {
  const merged: JsonRecord = {}
  let keyZpid: string | null = null
  let found = false
  for (const [key, entry] of cacheEntries(valueAt(apollo, 'apiCache'))) {
    const property = recordAt(entry, 'property')
    if (!property) continue
    found = true
    keyZpid ??= zpidFromCacheKey(key)
    for (const [field, value] of Object.entries(property)) {
      if (merged[field] === undefined || merged[field] === null) merged[field] = value
    }
  }
  if (!found) return null
  const topZpid = valueAt(apollo, 'zpid')
  return {
    property: merged,
    origin: 'apollo',
    rentalQuery: false,
    zpid:
      zpidOfProperty(merged) ??
      keyZpid ??
      (typeof topZpid === 'number' || typeof topZpid === 'string' ? String(topZpid) : null),
  }
}

export function findPropertyObject(doc: Document): FoundProperty | typeof SEARCH_PAGE | null {
  const nextData = scriptJson(doc, '__NEXT_DATA__')
  const pageProps = recordAt(nextData, 'props', 'pageProps')
  if (pageProps) {
    const found =
      firstCacheProperty(valueAt(pageProps, 'componentProps', 'gdpClientCache'), 'next-data') ??
      firstCacheProperty(pageProps.gdpClientCache, 'next-data-legacy')
    if (found) return found
    if (
      pageProps.searchPageState !== undefined ||
      valueAt(pageProps, 'componentProps', 'searchPageState') !== undefined
    ) {
      return SEARCH_PAGE
    }
  }
  return mergedApolloProperty(scriptJson(doc, 'hdpApolloPreloadedData'))
}
