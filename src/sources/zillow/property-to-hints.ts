import type { ListingContact } from '../../../api/schemas/listing.ts'
import {
  arrayAt,
  numberAt,
  recordAt,
  stringAt,
  stringsAt,
  valueAt,
  type JsonRecord,
} from '../../listing/json-value.ts'
import { calendarDay, calendarDayFromText } from '../../listing/calendar-day.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { areaToSquareFeet, parseAreaText } from '../../listing/parse-number.ts'
import { homeTypeFromText } from '../../listing/home-type.ts'
import { homeTypeFromZillowCode } from './normalize-home-type.ts'
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

/**
 * Rental payloads sum up their facts as labelled pairs (`resoFacts.atAGlanceFacts`: "Heating":
 * "Electric", "Date available": "Available Now"); they fill what the fact lists lack.
 */
function atAGlance(reso: JsonRecord | undefined): Partial<ListingHints> {
  const facts = new Map<string, string>()
  for (const entry of arrayAt(reso, 'atAGlanceFacts') ?? []) {
    const label = stringAt(entry, 'factLabel')
    const value = stringAt(entry, 'factValue')
    if (label !== undefined && value !== undefined) facts.set(label.trim().toLowerCase(), value)
  }
  const list = (label: string) => {
    const value = facts.get(label)
    return value === undefined ? undefined : [value]
  }
  return {
    heating: list('heating'),
    cooling: list('cooling'),
    laundry: facts.get('laundry'),
    // "Available Now" or a date such as "07/01/2026".
    dateAvailable: calendarDayFromText(facts.get('date available')),
  }
}

/**
 * Rental payloads round half baths up (`bathrooms: 3` for a "2.5-bath" townhome, as its own
 * text says); when the remarks name a half-bath count that rounds up to the payload's, the
 * remarks are right.
 */
function bathroomsFromRemarks(bathrooms: number | undefined, remarks: string | undefined) {
  if (bathrooms === undefined || remarks === undefined) return bathrooms
  const stated = /\b(\d{1,2}\.5)[\s-]*(?:bath|ba\b)/i.exec(remarks)?.[1]
  if (stated === undefined) return bathrooms
  const half = Number(stated)
  return Math.ceil(half) === bathrooms ? half : bathrooms
}

function fillMissing(hints: ListingHints, more: Partial<ListingHints>): void {
  for (const key of Object.keys(more) as (keyof ListingHints)[]) {
    if (hints[key] === undefined && more[key] !== undefined)
      Object.assign(hints, { [key]: more[key] })
  }
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
    bathrooms: bathroomsFromRemarks(
      numberAt(property, 'bathrooms') ??
        numberAt(reso, 'bathroomsFloat') ??
        numberAt(reso, 'bathrooms'),
      stringAt(property, 'description'),
    ),
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
    soldDate: calendarDay(valueAt(property, 'dateSoldString') ?? valueAt(property, 'dateSold')),
    // Rentals: the move-in date, where the page gives one.
    dateAvailable: calendarDay(valueAt(property, 'availabilityDate')),
  }

  // Older payloads say some of it only in display strings; they fill what the fields lack.
  if (Array.isArray(property.detailsItems)) fillMissing(hints, hintsFromDetailsItems(property))
  fillMissing(hints, atAGlance(reso))
  return hints
}
