import { homeTypeFromText } from '../../listing/home-type.ts'
import { isRecord, numberAt, stringAt, type JsonRecord } from '../../listing/json-value.ts'
import {
  floorSizeSqft,
  jsonLdImages,
  jsonLdNodes,
  jsonLdTypes,
  offerPrice,
  RESIDENCE_TYPES,
} from '../../listing/json-ld.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { galleryPhotoUrls } from './realtor-photos.ts'
import { realtorIdFromLink } from './realtor-url.ts'

/**
 * schema.org JSON-LD on a Realtor.com listing page: a residence node (`SingleFamilyResidence`,
 * `Apartment`, `House`…), on its own or as the `mainEntity`/`about`/`itemOffered` of a listing node
 * (`RealEstateListing`, `Product`) that carries the `url`, `offers` and `image`. Only the node whose
 * URL names this listing is used, or the only one when none names any. A results page's item list
 * (`ItemList`, `CollectionPage`) is never read as a listing: it describes other homes.
 */

const LIST_TYPES = new Set(['ItemList', 'CollectionPage', 'SearchResultsPage', 'OfferCatalog'])
const NESTED_KEYS = ['mainEntity', 'about', 'itemOffered'] as const

export interface RealtorJsonLd {
  /** What the node about this listing says; `null` when there is none. */
  hints: ListingHints | null
  /** A node names another home (stale data after in-app navigation, or a results page). */
  otherListingSeen: boolean
}

interface Candidate {
  residence: JsonRecord
  listing: JsonRecord | undefined
  id: string | null
}

function candidates(nodes: readonly JsonRecord[]): { list: Candidate[]; resultsPage: boolean } {
  const list: Candidate[] = []
  let resultsPage = false
  for (const node of nodes) {
    const types = jsonLdTypes(node)
    if (types.some((t) => LIST_TYPES.has(t))) {
      resultsPage = true
      continue
    }
    if (types.some((t) => RESIDENCE_TYPES.has(t))) {
      list.push({
        residence: node,
        listing: undefined,
        id: realtorIdFromLink(stringAt(node, 'url')),
      })
      continue
    }
    for (const key of NESTED_KEYS) {
      const inner = node[key]
      if (isRecord(inner) && jsonLdTypes(inner).some((t) => RESIDENCE_TYPES.has(t))) {
        const url = stringAt(node, 'url') ?? stringAt(inner, 'url')
        list.push({ residence: inner, listing: node, id: realtorIdFromLink(url) })
        break
      }
    }
  }
  return { list, resultsPage }
}

/** Full and partial baths when given: `numberOfBathroomsTotal` counts a half bath as one. */
function bathrooms(node: JsonRecord): number | undefined {
  const full = numberAt(node, 'numberOfFullBathrooms')
  if (full !== undefined) return full + (numberAt(node, 'numberOfPartialBathrooms') ?? 0) * 0.5
  return numberAt(node, 'numberOfBathroomsTotal')
}

function hintsOf({ residence, listing, id }: Candidate): ListingHints {
  const a = residence.address
  const photos = galleryPhotoUrls(jsonLdImages(listing?.image ?? residence.image))
  return {
    sourceId: id ?? undefined,
    street: stringAt(a, 'streetAddress'),
    city: stringAt(a, 'addressLocality'),
    state: stringAt(a, 'addressRegion'),
    zip: stringAt(a, 'postalCode'),
    price: offerPrice(listing?.offers) ?? offerPrice(residence.offers),
    homeType: jsonLdTypes(residence)
      .map(homeTypeFromText)
      .find((t) => t !== undefined),
    bedrooms: numberAt(residence, 'numberOfBedrooms'),
    roomCount: numberAt(residence, 'numberOfRooms'),
    bathrooms: bathrooms(residence),
    livingAreaSqft: floorSizeSqft(residence.floorSize),
    yearBuilt: numberAt(residence, 'yearBuilt'),
    description: stringAt(residence, 'description') ?? stringAt(listing, 'description'),
    photos: photos.length > 0 ? photos : undefined,
  }
}

export function readRealtorJsonLd(doc: Document, listingId: string): RealtorJsonLd {
  const { list, resultsPage } = candidates(jsonLdNodes(doc))
  const otherListingSeen = resultsPage || list.some((c) => c.id !== null && c.id !== listingId)
  const mine =
    list.find((c) => c.id === listingId) ??
    (list.length === 1 && list[0]?.id === null ? list[0] : undefined)
  return { hints: mine ? hintsOf(mine) : null, otherListingSeen }
}
