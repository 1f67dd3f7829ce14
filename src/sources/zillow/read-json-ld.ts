import {
  isRecord,
  numberAt,
  parseJson,
  stringAt,
  valueAt,
  type JsonRecord,
} from '../../listing/json-value.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { areaToSquareFeet, parseLooseNumber } from '../../listing/parse-number.ts'
import { homeTypeFromSchemaType } from './normalize-home-type.ts'
import { zpidFromLink } from './zillow-url.ts'

/**
 * schema.org JSON-LD on a listing page: the residence node (`SingleFamilyResidence`, `Apartment`,
 * `House`, `Residence`…) gives address, floor size, rooms and sometimes photos, remarks and an
 * `Offer` with the price. A page can carry several residences (search pages list every card), so
 * only the node whose `url` names this listing's zpid is used, or the only one when none names any.
 */

const RESIDENCE_TYPES = new Set([
  'SingleFamilyResidence',
  'House',
  'Apartment',
  'Residence',
  'Accommodation',
  'Condominium',
  'Townhouse',
])
const LISTING_TYPES = new Set(['RealEstateListing', 'Product', 'Offer'])

export interface JsonLdHints {
  /** What the node about this listing says; `null` when there is none. */
  hints: ListingHints | null
  /** The page describes some other home (stale data after in-app navigation). */
  otherListingSeen: boolean
}

function typesOf(node: JsonRecord): string[] {
  const type = node['@type']
  if (typeof type === 'string') return [type]
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : []
}

/** Every object node of every JSON-LD block: top-level arrays and `@graph` flattened. */
function jsonLdNodes(doc: Document): JsonRecord[] {
  const nodes: JsonRecord[] = []
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (isRecord(value)) {
      nodes.push(value)
      if (Array.isArray(value['@graph'])) value['@graph'].forEach(visit)
    }
  }
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    visit(parseJson(script.textContent))
  }
  return nodes
}

function offerPrice(offers: unknown): number | undefined {
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

function images(value: unknown): string[] {
  const out: string[] = []
  for (const item of Array.isArray(value) ? value : [value]) {
    if (typeof item === 'string') out.push(item.trim())
    else {
      const url = stringAt(item, 'url') ?? stringAt(item, 'contentUrl')
      if (url !== undefined) out.push(url)
    }
  }
  return out.filter((url) => url !== '')
}

function floorSize(node: JsonRecord): number | undefined {
  const size = node.floorSize
  if (typeof size === 'number' || typeof size === 'string') {
    const value = typeof size === 'number' ? size : parseLooseNumber(size)
    return value === null ? undefined : (areaToSquareFeet(value) ?? undefined)
  }
  const value = numberAt(size, 'value')
  if (value === undefined) return undefined
  const unit = stringAt(size, 'unitCode') ?? stringAt(size, 'unitText')
  return areaToSquareFeet(value, unit) ?? undefined
}

function bathrooms(node: JsonRecord): number | undefined {
  const total = numberAt(node, 'numberOfBathroomsTotal')
  if (total !== undefined) return total
  const full = numberAt(node, 'numberOfFullBathrooms')
  if (full === undefined) return undefined
  return full + (numberAt(node, 'numberOfPartialBathrooms') ?? 0) * 0.5
}

function residenceHints(node: JsonRecord, zpid: string | undefined): ListingHints {
  const address = node.address
  return {
    sourceId: zpid,
    street: stringAt(address, 'streetAddress'),
    city: stringAt(address, 'addressLocality'),
    state: stringAt(address, 'addressRegion'),
    zip: stringAt(address, 'postalCode'),
    price: offerPrice(node.offers),
    homeType: homeTypeFromSchemaType(typesOf(node)),
    bedrooms: numberAt(node, 'numberOfBedrooms'),
    roomCount: numberAt(node, 'numberOfRooms'),
    bathrooms: bathrooms(node),
    livingAreaSqft: floorSize(node),
    yearBuilt: numberAt(node, 'yearBuilt'),
    description: stringAt(node, 'description'),
    photos: images(node.image),
  }
}

export function readJsonLdHints(doc: Document, listingZpid: string): JsonLdHints {
  const nodes = jsonLdNodes(doc)
  const residences = nodes.filter((n) => typesOf(n).some((t) => RESIDENCE_TYPES.has(t)))
  const withZpid = residences.map((node) => ({
    node,
    zpid: zpidFromLink(stringAt(node, 'url')) ?? undefined,
  }))
  const otherListingSeen = withZpid.some((r) => r.zpid !== undefined && r.zpid !== listingZpid)
  const mine =
    withZpid.find((r) => r.zpid === listingZpid) ??
    (withZpid.length === 1 && withZpid[0]?.zpid === undefined ? withZpid[0] : undefined)
  if (!mine) return { hints: null, otherListingSeen }

  const hints = residenceHints(mine.node, mine.zpid)
  if (hints.price === undefined) {
    // A separate listing/offer node about the same home may carry the price.
    for (const node of nodes) {
      if (!typesOf(node).some((t) => LISTING_TYPES.has(t))) continue
      const about = zpidFromLink(stringAt(node, 'url') ?? stringAt(node, 'itemOffered', 'url'))
      if (about !== null && about !== listingZpid) continue
      hints.price = offerPrice(node.offers) ?? offerPrice(node)
      if (hints.price !== undefined) break
    }
  }
  if (hints.photos?.length === 0) hints.photos = undefined
  return { hints, otherListingSeen }
}
