import { isRecord, numberAt, parseJson, stringAt, valueAt, type JsonRecord } from './json-value.ts'
import { areaToSquareFeet, parseLooseNumber } from './parse-number.ts'

/**
 * schema.org JSON-LD as listing pages write it, read the same way for every source: which nodes
 * there are, their types, an offer's price, a floor size, image URLs. What a node means for a
 * listing (which one is this home, what its availability says) is each source's own.
 */

/** Types a home itself is described as. */
export const RESIDENCE_TYPES: ReadonlySet<string> = new Set([
  'SingleFamilyResidence',
  'House',
  'Apartment',
  'Residence',
  'Accommodation',
  'Condominium',
  'Townhouse',
  'MobileHome',
])

/** Types of a listing node that offers the home (with its URL, price, images). */
export const LISTING_TYPES: ReadonlySet<string> = new Set(['RealEstateListing', 'Product', 'Offer'])

export function jsonLdTypes(node: JsonRecord): string[] {
  const type = node['@type']
  if (typeof type === 'string') return [type]
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : []
}

export function isJsonLdOfType(node: unknown, types: ReadonlySet<string>): node is JsonRecord {
  return isRecord(node) && jsonLdTypes(node).some((t) => types.has(t))
}

/** The JSON-LD scripts of a page (or of scripts already found), each block parsed once. */
function blocks(from: Document | Iterable<Element>): unknown[] {
  const scripts =
    'querySelectorAll' in from
      ? from.querySelectorAll('script[type="application/ld+json"]')
      : [...from].filter((script) => script.getAttribute('type') === 'application/ld+json')
  return [...scripts].map((script) => parseJson(script.textContent))
}

/** Every object node of every JSON-LD block: top-level arrays and `@graph` flattened. */
export function jsonLdNodes(from: Document | Iterable<Element>): JsonRecord[] {
  const nodes: JsonRecord[] = []
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (isRecord(value)) {
      nodes.push(value)
      if (Array.isArray(value['@graph'])) value['@graph'].forEach(visit)
    }
  }
  for (const block of blocks(from)) visit(block)
  return nodes
}

/** The first price of an `offers` value (one offer or several), in whole units as written. */
export function offerPrice(offers: unknown): number | undefined {
  for (const offer of Array.isArray(offers) ? offers : [offers]) {
    if (!isRecord(offer)) continue
    const raw = valueAt(offer, 'price') ?? valueAt(offer, 'priceSpecification', 'price')
    if (typeof raw === 'number' && Number.isFinite(raw)) return raw
    if (typeof raw === 'string') {
      const parsed = parseLooseNumber(raw)
      if (parsed !== null) return parsed
    }
  }
  return undefined
}

/** `floorSize` as a number, a text or a `QuantitativeValue` with its unit, in square feet. */
export function floorSizeSqft(size: unknown): number | undefined {
  if (typeof size === 'number' || typeof size === 'string') {
    const value = typeof size === 'number' ? size : parseLooseNumber(size)
    return value === null ? undefined : (areaToSquareFeet(value) ?? undefined)
  }
  const value = numberAt(size, 'value')
  if (value === undefined) return undefined
  const unit = stringAt(size, 'unitCode') ?? stringAt(size, 'unitText')
  return areaToSquareFeet(value, unit) ?? undefined
}

/** The URLs of an `image` value: texts, `ImageObject`s, or a list of either. */
export function jsonLdImages(value: unknown): string[] {
  const out: string[] = []
  for (const item of Array.isArray(value) ? value : [value]) {
    const url =
      typeof item === 'string' ? item : (stringAt(item, 'url') ?? stringAt(item, 'contentUrl'))
    if (url !== undefined && url.trim() !== '') out.push(url.trim())
  }
  return out
}
