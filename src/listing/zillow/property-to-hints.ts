import type { ListingContact } from '../../../api/schemas/listing.ts'
import {
  arrayAt,
  numberAt,
  recordAt,
  stringAt,
  stringsAt,
  valueAt,
  type JsonRecord,
} from '../json-value.ts'
import type { ListingHints } from '../listing-hints.ts'
import { areaToSquareFeet, parseAreaText } from '../parse-number.ts'
import { homeTypeFromText, homeTypeFromZillowCode } from './normalize-home-type.ts'
import { statusFromZillow } from './normalize-listing-status.ts'
import { hintsFromDetailsItems } from './read-details-items.ts'
import { selectGalleryPhotos } from './select-gallery-photos.ts'
import { zpidOfProperty } from './zpid-of-property.ts'

function address(property: JsonRecord): Pick<ListingHints, 'street' | 'city' | 'state' | 'zip'> {
  const street =
    stringAt(property, 'address', 'streetAddress') ?? stringAt(property, 'streetAddress')
  let city = stringAt(property, 'address', 'city') ?? stringAt(property, 'city')
  let state = stringAt(property, 'address', 'state') ?? stringAt(property, 'state')
  const zip = stringAt(property, 'address', 'zipcode') ?? stringAt(property, 'zipcode')
  // 2018 payloads: only `regionString: "San Francisco CA"` beside the street.
  const region = stringAt(property, 'regionString')
  if ((city === undefined || state === undefined) && region !== undefined) {
    const match = /^(.+?),?\s+([A-Z]{2})$/.exec(region)
    if (match) {
      city ??= match[1]
      state ??= match[2]
    }
  }
  return { street, city, state, zip }
}

function contact(name: string | undefined, phone: string | undefined): ListingContact | undefined {
  if (name === undefined) return undefined
  return phone === undefined ? { name } : { name, phone }
}

/** `listedBy: [{id: "LISTING_AGENT", elements: [{id: "NAME", text}, {id: "PHONE", text}]}, …]` */
function listedBy(property: JsonRecord, role: string): ListingContact | undefined {
  for (const entry of arrayAt(property, 'listedBy') ?? []) {
    if (valueAt(entry, 'id') !== role) continue
    const elements = arrayAt(entry, 'elements') ?? []
    const text = (id: string) => {
      const element = elements.find((e) => valueAt(e, 'id') === id)
      return stringAt(element, 'text')
    }
    return contact(text('NAME'), text('PHONE'))
  }
  return undefined
}

function livingArea(property: JsonRecord): number | undefined {
  const value = numberAt(property, 'livingAreaValue') ?? numberAt(property, 'livingArea')
  if (value !== undefined) {
    return areaToSquareFeet(value, stringAt(property, 'livingAreaUnits')) ?? undefined
  }
  const text = stringAt(property, 'resoFacts', 'livingArea')
  return text === undefined ? undefined : (parseAreaText(text) ?? undefined)
}

function lotSize(property: JsonRecord): number | undefined {
  const value = numberAt(property, 'lotAreaValue')
  if (value !== undefined) {
    return areaToSquareFeet(value, stringAt(property, 'lotAreaUnits')) ?? undefined
  }
  const sqft = numberAt(property, 'lotSize')
  if (sqft !== undefined) return areaToSquareFeet(sqft) ?? undefined
  const text = stringAt(property, 'resoFacts', 'lotSize')
  return text === undefined ? undefined : (parseAreaText(text) ?? undefined)
}

/** Parking as listed, plus a garage or carport the flags report and the list does not name. */
function parking(reso: JsonRecord | undefined): string[] {
  const list = stringsAt(reso, 'parkingFeatures')
  const mentions = (word: RegExp) => list.some((item) => word.test(item))
  const garageSpaces = numberAt(reso, 'garageParkingCapacity') ?? 0
  if (
    (valueAt(reso, 'hasGarage') === true ||
      valueAt(reso, 'hasAttachedGarage') === true ||
      garageSpaces > 0) &&
    !mentions(/garage/i)
  ) {
    list.push('Garage')
  }
  if (valueAt(reso, 'hasCarport') === true && !mentions(/carport/i)) list.push('Carport')
  return list
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined
}

/** Everything a Zillow property object (any generation) says about the listing. */
export function propertyToHints(property: JsonRecord): ListingHints {
  const reso = recordAt(property, 'resoFacts')
  const attribution = recordAt(property, 'attributionInfo')
  const laundry = stringsAt(reso, 'laundryFeatures')

  const hints: ListingHints = {
    sourceId: zpidOfProperty(property),
    ...address(property),
    price: numberAt(property, 'price'),
    status: statusFromZillow(property),
    homeType:
      homeTypeFromZillowCode(stringAt(property, 'homeType')) ??
      homeTypeFromText(stringAt(reso, 'homeType')),
    bedrooms: numberAt(property, 'bedrooms') ?? numberAt(reso, 'bedrooms'),
    bathrooms:
      numberAt(property, 'bathrooms') ??
      numberAt(reso, 'bathroomsFloat') ??
      numberAt(reso, 'bathrooms'),
    livingAreaSqft: livingArea(property),
    lotSizeSqft: lotSize(property),
    yearBuilt: numberAt(property, 'yearBuilt') ?? numberAt(reso, 'yearBuilt'),
    description: stringAt(property, 'description'),
    photos: nonEmpty(selectGalleryPhotos(property)),
    heating: nonEmpty(stringsAt(reso, 'heating')),
    cooling: nonEmpty(stringsAt(reso, 'cooling')),
    laundry: laundry.length > 0 ? laundry.join(', ') : undefined,
    parking: nonEmpty(parking(reso)),
    agent:
      contact(stringAt(attribution, 'agentName'), stringAt(attribution, 'agentPhoneNumber')) ??
      listedBy(property, 'LISTING_AGENT') ??
      contact(stringAt(property, 'postingContact', 'name'), undefined),
    broker:
      contact(stringAt(attribution, 'brokerName'), stringAt(attribution, 'brokerPhoneNumber')) ??
      listedBy(property, 'BROKER') ??
      contact(stringAt(property, 'brokerageName'), undefined),
  }

  // Older payloads say some of it only in display strings; they fill what the fields lack.
  if (Array.isArray(property.detailsItems)) {
    const legacy = hintsFromDetailsItems(property)
    for (const key of Object.keys(legacy) as (keyof ListingHints)[]) {
      if (hints[key] === undefined) Object.assign(hints, { [key]: legacy[key] })
    }
  }
  return hints
}
