import { isRecord, numberAt, valueAt } from '../listing/json-value.ts'
import {
  floorSizeSqft,
  isJsonLdOfType,
  jsonLdNodes,
  LISTING_TYPES,
  offerPrice,
  RESIDENCE_TYPES,
} from '../listing/json-ld.ts'
import type { LeadFields } from './fsbo-lead.ts'
import { emailIn, phoneAsShown, positiveOrNull, textFromData } from './lead-text.ts'

/**
 * schema.org JSON-LD on an FSBO listing page: a residence node (`SingleFamilyResidence`, `House`,
 * `Apartment`…) or a listing node (`RealEstateListing`, `Product`, `Offer`) whose `itemOffered` /
 * `about` is the residence; price in `offers`; the owner as `seller` / `offeredBy` / `author`
 * (a `Person` with `name`, `telephone`, `email`).
 */

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value
}

function priceOf(offers: unknown): number | null {
  return positiveOrNull(offerPrice(offers) ?? null)
}

function imageOf(image: unknown): string | null {
  const item = first(image)
  const url =
    typeof item === 'string' ? item : (valueAt(item, 'url') ?? valueAt(item, 'contentUrl'))
  const text = textFromData(url)
  return text !== null && /^https?:\/\//.test(text) ? text : null
}

function floorSizeOf(size: unknown): number | null {
  return floorSizeSqft(size) ?? null
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
  const listing = nodes.find((node) => isJsonLdOfType(node, LISTING_TYPES))
  const residence =
    nodes.find((node) => isJsonLdOfType(node, RESIDENCE_TYPES)) ??
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
