import { numberAt, stringAt, type JsonRecord } from '../../listing/json-value.ts'
import {
  floorSizeSqft,
  jsonLdImages,
  jsonLdNodes,
  jsonLdTypes,
  LISTING_TYPES,
  offerPrice,
  RESIDENCE_TYPES,
} from '../../listing/json-ld.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { homeTypeFromSchemaType } from './normalize-home-type.ts'
import { zpidFromLink } from './zillow-url.ts'

/**
 * schema.org JSON-LD on a listing page: the residence node (`SingleFamilyResidence`, `Apartment`,
 * `House`, `Residence`…) gives address, floor size, rooms and sometimes photos, remarks and an
 * `Offer` with the price. A page can carry several residences (search pages list every card), so
 * only the node whose `url` names this listing's zpid is used, or the only one when none names any.
 */

export interface JsonLdHints {
  /** What the node about this listing says; `null` when there is none. */
  hints: ListingHints | null
  /** The page describes some other home (stale data after in-app navigation). */
  otherListingSeen: boolean
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
    homeType: homeTypeFromSchemaType(jsonLdTypes(node)),
    bedrooms: numberAt(node, 'numberOfBedrooms'),
    roomCount: numberAt(node, 'numberOfRooms'),
    bathrooms: bathrooms(node),
    livingAreaSqft: floorSizeSqft(node.floorSize),
    yearBuilt: numberAt(node, 'yearBuilt'),
    description: stringAt(node, 'description'),
    photos: jsonLdImages(node.image),
  }
}

export function readJsonLdHints(doc: Document, listingZpid: string): JsonLdHints {
  const nodes = jsonLdNodes(doc)
  const residences = nodes.filter((n) => jsonLdTypes(n).some((t) => RESIDENCE_TYPES.has(t)))
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
      if (!jsonLdTypes(node).some((t) => LISTING_TYPES.has(t))) continue
      const about = zpidFromLink(stringAt(node, 'url') ?? stringAt(node, 'itemOffered', 'url'))
      if (about !== null && about !== listingZpid) continue
      hints.price = offerPrice(node.offers) ?? offerPrice(node)
      if (hints.price !== undefined) break
    }
  }
  if (hints.photos?.length === 0) hints.photos = undefined
  return { hints, otherListingSeen }
}
