import { isRecord, numberAt, parseJson, valueAt, type JsonRecord } from '../listing/json-value.ts'
import { areaToSquareFeet, parseLooseNumber } from '../listing/parse-number.ts'
import type { LeadFields } from './fsbo-lead.ts'
import { emailIn, phoneAsShown, positiveOrNull, textFromData } from './lead-text.ts'

/**
 * schema.org JSON-LD on an FSBO listing page: a residence node (`SingleFamilyResidence`, `House`,
 * `Apartment`…) or a listing node (`RealEstateListing`, `Product`, `Offer`) whose `itemOffered` /
 * `about` is the residence; price in `offers`; the owner as `seller` / `offeredBy` / `author`
 * (a `Person` with `name`, `telephone`, `email`).
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

function typesOf(node: JsonRecord): string[] {
  const type = node['@type']
  if (typeof type === 'string') return [type]
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : []
}

function isOfType(node: unknown, types: ReadonlySet<string>): node is JsonRecord {
  return isRecord(node) && typesOf(node).some((t) => types.has(t))
}

/** Every object node of every JSON-LD block: top-level arrays and `@graph` flattened. */
export function jsonLdNodes(doc: Document): JsonRecord[] {
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

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value
}

function priceOf(offers: unknown): number | null {
  for (const offer of Array.isArray(offers) ? offers : [offers]) {
    const raw = valueAt(offer, 'price') ?? valueAt(offer, 'priceSpecification', 'price')
    if (typeof raw === 'number') return positiveOrNull(raw)
    if (typeof raw === 'string') return positiveOrNull(parseLooseNumber(raw))
  }
  return null
}

function imageOf(image: unknown): string | null {
  const item = first(image)
  const url =
    typeof item === 'string' ? item : (valueAt(item, 'url') ?? valueAt(item, 'contentUrl'))
  const text = textFromData(url)
  return text !== null && /^https?:\/\//.test(text) ? text : null
}

function floorSizeOf(size: unknown): number | null {
  if (typeof size === 'number' || typeof size === 'string') {
    return areaToSquareFeet(parseLooseNumber(String(size)) ?? NaN)
  }
  const value = numberAt(size, 'value')
  return value === undefined
    ? null
    : areaToSquareFeet(value, textFromData(valueAt(size, 'unitCode')))
}

function sellerOf(...candidates: unknown[]): LeadFields {
  for (const candidate of candidates) {
    const seller = first(candidate)
    if (!isRecord(seller)) continue
    return {
      owner_name: textFromData(seller.name),
      phone: phoneAsShown(textFromData(seller.telephone)),
      email: emailIn(textFromData(seller.email)),
    }
  }
  return {}
}

/** What the page's JSON-LD says about the listing; `{}` when it has no listing node. */
export function readJsonLdLead(doc: Document): LeadFields {
  const nodes = jsonLdNodes(doc)
  const listing = nodes.find((node) => isOfType(node, LISTING_TYPES))
  const residence =
    nodes.find((node) => isOfType(node, RESIDENCE_TYPES)) ??
    [valueAt(listing, 'itemOffered'), valueAt(listing, 'about')].find(isRecord)
  if (!listing && !residence) return {}

  const address = valueAt(residence, 'address') ?? valueAt(listing, 'address')
  const offers = valueAt(listing, 'offers') ?? valueAt(residence, 'offers') ?? listing
  return {
    ...sellerOf(
      valueAt(offers, 'seller'),
      valueAt(listing, 'seller'),
      valueAt(listing, 'offeredBy'),
      valueAt(listing, 'author'),
    ),
    address: {
      street: textFromData(valueAt(address, 'streetAddress')),
      city: textFromData(valueAt(address, 'addressLocality')),
      state: textFromData(valueAt(address, 'addressRegion')),
      zip: textFromData(valueAt(address, 'postalCode')),
    },
    price: priceOf(offers),
    beds: positiveOrNull(
      numberAt(residence, 'numberOfBedrooms') ?? numberAt(residence, 'numberOfRooms'),
    ),
    baths: positiveOrNull(
      numberAt(residence, 'numberOfBathroomsTotal') ?? numberAt(residence, 'numberOfFullBathrooms'),
    ),
    living_area_sqft: floorSizeOf(valueAt(residence, 'floorSize')),
    photo_url: imageOf(valueAt(listing, 'image') ?? valueAt(residence, 'image')),
  }
}
