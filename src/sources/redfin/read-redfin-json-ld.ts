import type { ListingStatus } from '../../../api/schemas/listing.ts'
import { homeTypeFromText } from '../../listing/home-type.ts'
import {
  isRecord,
  numberAt,
  parseJson,
  recordAt,
  stringAt,
  type JsonRecord,
} from '../../listing/json-value.ts'
import { floorSizeSqft, jsonLdImages, jsonLdTypes, offerPrice } from '../../listing/json-ld.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { largestPhotoUrls } from './redfin-photos.ts'
import { redfinIdFromLink } from './redfin-url.ts'

/**
 * schema.org JSON-LD on a Redfin page: the home as `["Product", "SingleFamilyResidence"]` (or a
 * residence type alone on rentals) with its address, one image and an `Offer` (price,
 * availability, and the listing's URL). Rental pages also describe every nearby rental this way,
 * so only nodes whose `url` or `offers.url` names this listing are read (or the only home node
 * when none names any home).
 */

export interface RedfinJsonLd {
  /** What the nodes about this listing say; `null` when there are none. */
  hints: ListingHints | null
  /** The page's first home node is another home's (stale data after in-app navigation). */
  otherListingSeen: boolean
}

/** schema.org types a home is described as (`SingleFamilyResidence`, `Product`, `Accommodation`…). */
const HOME_TYPE =
  /Residence|House|Apartment|Accommodation|Condominium|Townhouse|Product|RealEstateListing/

/** The listing's parts a `RealEstateListing` nests, each taking its URL when it has none. */
const NESTED = ['mainEntity', 'about', 'itemOffered'] as const

function nodesWithNestedParts(scripts: Iterable<Element>): JsonRecord[] {
  const nodes: JsonRecord[] = []
  const visit = (value: unknown, parentUrl?: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, parentUrl)
    } else if (isRecord(value)) {
      const node =
        value.url === undefined && parentUrl !== undefined ? { ...value, url: parentUrl } : value
      nodes.push(node)
      if (Array.isArray(value['@graph'])) visit(value['@graph'])
      for (const key of NESTED) if (isRecord(value[key])) visit(value[key], node.url)
    }
  }
  for (const script of scripts) {
    if (script.getAttribute('type') === 'application/ld+json') visit(parseJson(script.textContent))
  }
  return nodes
}

/** A node describing a home: a home's type, or no type but an address. */
function isHomeNode(node: JsonRecord): boolean {
  const types = jsonLdTypes(node)
  return types.length === 0 ? isRecord(node.address) : types.some((t) => HOME_TYPE.test(t))
}

function homeIdOf(node: JsonRecord): string | null {
  return (
    redfinIdFromLink(stringAt(node, 'url')) ?? redfinIdFromLink(stringAt(node, 'offers', 'url'))
  )
}

/** `InStock` says nothing of sale or rent; the others say the home is not offered. */
function availabilityStatus(offers: unknown): ListingStatus | undefined {
  const availability = stringAt(offers, 'availability') ?? ''
  if (/SoldOut/i.test(availability)) return 'sold'
  if (/OutOfStock|Discontinued/i.test(availability)) return 'off_market'
  if (/PreOrder|PreSale/i.test(availability)) return 'coming_soon'
  return undefined
}

function images(value: unknown): string[] {
  return largestPhotoUrls(jsonLdImages(value))
}

function nodeHints(node: JsonRecord): ListingHints {
  const address = recordAt(node, 'address')
  const offers: unknown = Array.isArray(node.offers) ? (node.offers as unknown[])[0] : node.offers
  const photos = images(node.image)
  return {
    street: stringAt(address, 'streetAddress'),
    city: stringAt(address, 'addressLocality'),
    state: stringAt(address, 'addressRegion'),
    zip: stringAt(address, 'postalCode'),
    price: offerPrice(offers),
    status: availabilityStatus(offers),
    homeType: jsonLdTypes(node)
      .map((type) => homeTypeFromText(type))
      .find((type) => type !== undefined),
    bedrooms: numberAt(node, 'numberOfBedrooms'),
    roomCount: numberAt(node, 'numberOfRooms'),
    bathrooms: numberAt(node, 'numberOfBathroomsTotal'),
    livingAreaSqft: floorSizeSqft(node.floorSize),
    yearBuilt: numberAt(node, 'yearBuilt'),
    description: stringAt(node, 'description'),
    photos: photos.length > 0 ? photos : undefined,
  }
}

/** The nodes' hints merged: the first node that has a field gives it. */
function merged(list: readonly ListingHints[]): ListingHints {
  const out: ListingHints = {}
  for (const hints of list) {
    for (const [key, value] of Object.entries(hints) as [string, unknown][]) {
      const field = key as keyof ListingHints
      if (value !== undefined && out[field] === undefined) Object.assign(out, { [field]: value })
    }
  }
  return out
}

/** `scripts`: the page's script elements, when the caller has them already. */
export function readRedfinJsonLd(
  doc: Document,
  listingId: string,
  scripts: Iterable<Element> = doc.querySelectorAll('script'),
): RedfinJsonLd {
  const homes = nodesWithNestedParts(scripts)
    .filter(isHomeNode)
    .map((node) => ({ node, id: homeIdOf(node) }))
  let mine = homes.filter((home) => home.id === listingId)
  if (mine.length === 0 && homes.length === 1 && homes[0]?.id === null) mine = homes
  if (mine.length === 0) {
    const first = homes[0]
    return { hints: null, otherListingSeen: first !== undefined && first.id !== null }
  }
  return {
    hints: { ...merged(mine.map((home) => nodeHints(home.node))), sourceId: listingId },
    otherListingSeen: false,
  }
}
