import {
  isRecord,
  parseJson,
  recordAt,
  valueAt,
  type JsonRecord,
} from '../../listing/json-value.ts'
import { normalizeRealtorId } from './realtor-url.ts'

/**
 * The listing's property object in a Realtor.com page's `script#__NEXT_DATA__`. Where it sits
 * changes between page generations (`props.pageProps.initialReduxState.propertyDetails` in 2026,
 * `props.pageProps.initialProps.property` or `props.pageProps.property` before), so it is found by
 * its shape: a record with a `property_id` and a `location.address` or `description` record.
 *
 * Known places are looked at first, then the page props breadth first, shallowest wins. Arrays are
 * never entered: a home inside a list is a card (similar homes, search results), and the page's
 * own home is never one of them. That also keeps the walk short on a page whose data is large.
 */

export interface FoundProperty {
  property: JsonRecord
  /** The property id the object names, digits only. */
  id: string | null
}

/** A search-results page's data (what a listing URL can show after in-app navigation). */
export const SEARCH_PAGE = 'search-page'

const KNOWN_PATHS = [
  ['initialReduxState', 'propertyDetails'],
  ['initialProps', 'property'],
  ['property'],
  ['propertyDetails'],
] as const

const MAX_DEPTH = 6
const MAX_RECORDS = 5000

function isPropertyRecord(value: unknown): value is JsonRecord {
  if (!isRecord(value) || normalizeRealtorId(value.property_id) === null) return false
  return recordAt(value, 'location', 'address') !== undefined || isRecord(value.description)
}

function found(property: JsonRecord): FoundProperty {
  return { property, id: normalizeRealtorId(property.property_id) }
}

function searchByShape(root: JsonRecord): JsonRecord | undefined {
  let level: JsonRecord[] = [root]
  let visited = 0
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth++) {
    const next: JsonRecord[] = []
    for (const record of level) {
      if (isPropertyRecord(record)) return record
      if (++visited > MAX_RECORDS) return undefined
      for (const value of Object.values(record)) if (isRecord(value)) next.push(value)
    }
    level = next
  }
  return undefined
}

function readNextData(doc: Document): unknown {
  const script = doc.getElementById('__NEXT_DATA__')
  if (script?.tagName.toLowerCase() !== 'script') return undefined
  return parseJson(script.textContent)
}

export function findRealtorProperty(doc: Document): FoundProperty | typeof SEARCH_PAGE | null {
  const pageProps = recordAt(readNextData(doc), 'props', 'pageProps')
  if (!pageProps) return null
  for (const path of KNOWN_PATHS) {
    const candidate = valueAt(pageProps, ...path)
    if (isPropertyRecord(candidate)) return found(candidate)
  }
  const property = searchByShape(pageProps)
  if (property) return found(property)
  if (Array.isArray(pageProps.properties) || pageProps.searchResults !== undefined) {
    return SEARCH_PAGE
  }
  return null
}
