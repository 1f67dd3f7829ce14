import type { ListingContact, ListingStatus } from '../../../api/schemas/listing.ts'
import { homeTypeFromText } from '../../listing/home-type.ts'
import {
  arrayAt,
  numberAt,
  recordAt,
  stringAt,
  valueAt,
  type JsonRecord,
} from '../../listing/json-value.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import type { RedfinData } from './find-redfin-data.ts'
import {
  amenityEntries,
  amenityValue,
  factsFromAmenities,
  factsFromKeyFacts,
  factsFromRental,
  firstFacts,
} from './redfin-facts.ts'
import {
  galleryPhotos,
  largestPhotoUrls,
  rentalPhotoRanges,
  rentalPhotos,
} from './redfin-photos.ts'
import { calendarDayAt, calendarDayInText } from '../../listing/calendar-day.ts'
import { statusFromRedfinText } from './redfin-status.ts'
import { redfinIdFromLink } from './redfin-url.ts'

/**
 * Redfin's `propertyType` codes, as the words Redfin prints for them, for the shared mapping. Only
 * codes the pages show with their meaning: single-family houses are 6, units (`…/unit-203/home/…`)
 * 3, duplexes and fourplexes 4, larger buildings 5. Any other code falls back to the page's words.
 */
const REDFIN_PROPERTY_TYPES: Readonly<Record<number, string>> = {
  3: 'Condo/Co-op',
  4: 'Multi-Family (2-4 Unit)',
  5: 'Multi-Family (5+ Unit)',
  6: 'Single Family Residential',
}

function idText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value)
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return value.trim()
  return undefined
}

/** Every home id the page's own data names (never other homes' answers). */
export function redfinDataIds(data: RedfinData): string[] {
  const ids = [
    idText(data.initialInfo?.propertyId),
    idText(data.rentalRoute?.propertyId),
    redfinIdFromLink(stringAt(data.aboveTheFold, 'addressSectionInfo', 'url')) ?? undefined,
    redfinIdFromLink(stringAt(data.mainHouseInfo, 'url')) ?? undefined,
  ]
  return ids.filter((id): id is string => id !== undefined)
}

interface Rental {
  rentalId: string
  route: JsonRecord | undefined
  home: JsonRecord | undefined
  about: JsonRecord | undefined
  floorPlans: JsonRecord | undefined
}

/**
 * The rental the page is about. Only a rental page's own route makes it one: a sale or sold page
 * may also carry a rental card naming the home (an old rental of it), which must never turn a
 * sold home into one for rent.
 */
function rentalOf(data: RedfinData, listingId: string): Rental | undefined {
  const route = idText(data.rentalRoute?.propertyId) === listingId ? data.rentalRoute : undefined
  if (route === undefined) return undefined
  const home = data.rentalHomes.find(
    (h) => idText(valueAt(h, 'homeData', 'propertyId')) === listingId,
  )
  const rentalId = stringAt(route, 'rentalId') ?? stringAt(home, 'rentalExtension', 'rentalId')
  if (rentalId === undefined) return undefined
  const named = (list: JsonRecord[]) => list.find((item) => item.rentalId === rentalId)
  return {
    rentalId,
    route,
    home,
    about: named(data.rentalAbout),
    floorPlans: named(data.rentalFloorPlans),
  }
}

/** `{min, max}` as one number when both are the same (a range is not one home's figure). */
function single(range: unknown): number | undefined {
  const min = numberAt(range, 'min')
  const max = numberAt(range, 'max')
  return min !== undefined && (max === undefined || max === min) ? min : undefined
}

/** Units of a rental's floor plans, each unit type standing for its units when it lists none. */
function rentalUnits(floorPlans: unknown): unknown[] {
  const units: unknown[] = []
  const types = arrayAt(floorPlans, 'unitTypesByBedroom')?.[0]
  for (const type of arrayAt(types, 'availableUnitTypes') ?? []) {
    const listed = arrayAt(type, 'units')
    units.push(...(listed && listed.length > 0 ? listed : [type]))
  }
  return units
}

/**
 * The monthly rent: the home's own when it has one figure (one unit, or a range whose ends agree);
 * for a building whose units differ, the lowest rent, which is what Redfin advertises ("from").
 */
function rentalRent(rental: Rental): number | undefined {
  const range = valueAt(rental.home, 'rentalExtension', 'rentPriceRange')
  const units = rentalUnits(rental.floorPlans)
  const onlyUnit = units.length === 1 ? units[0] : undefined
  return (
    single(range) ??
    numberAt(onlyUnit, 'rentPrice') ??
    (numberAt(onlyUnit, 'rentPriceMin') === numberAt(onlyUnit, 'rentPriceMax')
      ? numberAt(onlyUnit, 'rentPriceMin')
      : undefined) ??
    numberAt(range, 'min')
  )
}

function dayOf(value: unknown): string | undefined {
  return typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] : undefined
}

/**
 * The move-in date: the home card's (`"dateAvailable": "2025-12-16T00:00:00Z"`, given when the
 * home is not free yet), else the earliest of its units'. `YYYY-MM-DD`.
 */
function rentalDateAvailable(rental: Rental): string | undefined {
  const own = dayOf(valueAt(rental.home, 'rentalExtension', 'dateAvailable'))
  if (own !== undefined) return own
  const units = rentalUnits(rental.floorPlans)
    .map((unit) => dayOf(valueAt(unit, 'dateAvailable')))
    .filter((day): day is string => day !== undefined)
  return units.sort()[0]
}

function rentalStatus(text: string | undefined): ListingStatus {
  if (text === undefined || /^(?:available|active|for[\s_-]?rent)$/i.test(text)) return 'for_rent'
  if (/off|unavailable|inactive|removed|delisted|rented|leased/i.test(text)) return 'off_market'
  return statusFromRedfinText(text) ?? 'for_rent'
}

function homeTypeFromCode(code: unknown): ListingHints['homeType'] {
  return typeof code === 'number' ? homeTypeFromText(REDFIN_PROPERTY_TYPES[code]) : undefined
}

/** The street as the listing shows it, unit included ("4524 Edgewood Pl Apt 4528"). */
function street(address: unknown): string | undefined {
  const assembled = stringAt(address, 'assembledAddress')
  if (assembled !== undefined) return assembled
  const parts = [
    'streetNumber',
    'directionalPrefix',
    'streetName',
    'streetType',
    'directionalSuffix',
    'unitType',
    'unitValue',
  ].map((key) => stringAt(address, key))
  const text = parts.filter((p) => p !== undefined).join(' ')
  return text === '' ? undefined : text
}

function keyFact(main: unknown, header: RegExp): string | undefined {
  for (const item of arrayAt(main, 'selectedAmenities') ?? []) {
    if (header.test(stringAt(item, 'header') ?? '')) return stringAt(item, 'content')
  }
  return undefined
}

function contact(name: string | undefined, phone: string | undefined): ListingContact | undefined {
  if (name === undefined) return undefined
  return phone === undefined ? { name } : { name, phone }
}

const PHONE = /\d{3}\D{0,3}\d{3}\D?\d{4}/

function agentAndBroker(
  main: JsonRecord | undefined,
  amenities: ReturnType<typeof amenityEntries>,
  amenitiesInfo: unknown,
): Pick<ListingHints, 'agent' | 'broker'> {
  const listing = (arrayAt(main, 'listingAgents') ?? []).find(
    (a) =>
      stringAt(a, 'agentInfo', 'agentName') !== undefined &&
      valueAt(a, 'agentInfo', 'isAgentNameBlank') !== true,
  )
  // The listing's contact line ("818-445-9043") is the agent's when the agent has no number.
  const contactLine = stringAt(main, 'listingContactInfo')
  const phone =
    stringAt(listing, 'agentPhoneNumber', 'phoneNumber') ??
    (contactLine !== undefined && PHONE.test(contactLine) ? contactLine : undefined)
  const first = amenityValue(amenities, 'LIST_AGENT_FIRST_NAME')
  const last = amenityValue(amenities, 'LIST_AGENT_LAST_NAME')
  const mlsAgent = [first, last].filter((p) => p !== undefined).join(' ')
  return {
    agent: contact(
      stringAt(listing, 'agentInfo', 'agentName') ?? (mlsAgent === '' ? undefined : mlsAgent),
      phone,
    ),
    broker: contact(
      stringAt(listing, 'brokerName') ??
        amenityValue(amenities, 'LIST_OFFICE_NAME') ??
        stringAt(amenitiesInfo, 'mlsDisclaimerInfo', 'listingBrokerName'),
      undefined,
    ),
  }
}

function remarks(main: unknown): string | undefined {
  const texts = (arrayAt(main, 'marketingRemarks') ?? [])
    .map((r) => stringAt(r, 'marketingRemark'))
    .filter((t): t is string => t !== undefined)
  return texts.length > 0 ? texts.join('\n\n') : undefined
}

/** The day the page prints on its "Sold" sash ("SEP 5, 2025"), else the data's `soldDate`. */
function soldDate(above: unknown, media: unknown): string | undefined {
  for (const sash of arrayAt(media, 'sashes') ?? []) {
    const text = stringAt(sash, 'lastSaleDate')
    const day = text === undefined ? undefined : calendarDayInText(text)
    if (day !== undefined) return day
  }
  const at = numberAt(above, 'soldDate')
  return at === undefined ? undefined : calendarDayAt(at)
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined
}

/**
 * Everything the page's data says about the listing `listingId`. On a rental page the rental's
 * answers decide status, rent, photos, remarks and facts: the property's own answers there
 * describe its last sale (status "Sold", the sale's photos), not the rental.
 */
export function redfinDataHints(data: RedfinData, listingId: string): ListingHints {
  const above = recordAt(data.aboveTheFold, 'addressSectionInfo')
  const media = recordAt(data.aboveTheFold, 'mediaBrowserInfo')
  const main = data.mainHouseInfo
  const amenitiesInfo = recordAt(data.belowTheFold, 'amenitiesInfo')
  const records = recordAt(data.belowTheFold, 'publicRecordsInfo', 'basicInfo')
  const amenities = amenityEntries(amenitiesInfo)
  const rental = rentalOf(data, listingId)

  const address = recordAt(main, 'propertyAddress')
  const rentalAddress = recordAt(rental?.home, 'homeData', 'addressInfo')
  const homeType =
    homeTypeFromCode(valueAt(rental?.home, 'homeData', 'propertyType')) ??
    homeTypeFromCode(above?.propertyType) ??
    homeTypeFromText(keyFact(main, /^property type$/i)) ??
    homeTypeFromText(amenityValue(amenities, 'PROPERTY_SUB_TYPE')) ??
    homeTypeFromText(amenityValue(amenities, 'PROPERTY_TYPE')) ??
    homeTypeFromText(stringAt(records, 'propertyTypeName'))

  const property: ListingHints = {
    street:
      stringAt(rentalAddress, 'formattedStreetLine') ??
      street(above?.streetAddress) ??
      stringAt(main, 'streetAddress') ??
      street(address),
    city: stringAt(rentalAddress, 'city') ?? stringAt(above, 'city') ?? stringAt(address, 'city'),
    state:
      stringAt(rentalAddress, 'state') ??
      stringAt(above, 'state') ??
      stringAt(address, 'stateOrProvinceCode'),
    zip:
      stringAt(rentalAddress, 'zip') ?? stringAt(above, 'zip') ?? stringAt(address, 'postalCode'),
    homeType,
    bedrooms: numberAt(above, 'beds') ?? numberAt(records, 'beds'),
    bathrooms: numberAt(above, 'baths') ?? numberAt(records, 'baths'),
    livingAreaSqft: numberAt(above, 'sqFt', 'value') ?? numberAt(records, 'sqFtFinished'),
    lotSizeSqft: numberAt(above, 'lotSize') ?? numberAt(records, 'lotSqFt'),
    yearBuilt: numberAt(above, 'yearBuilt') ?? numberAt(records, 'yearBuilt'),
  }

  if (rental) {
    const extension = recordAt(rental.home, 'rentalExtension')
    return {
      ...property,
      sourceId: listingId,
      price: rentalRent(rental),
      status: rentalStatus(stringAt(rental.route, 'rentalStatus')),
      bedrooms: single(extension?.bedRange) ?? property.bedrooms,
      bathrooms: single(extension?.bathRange) ?? property.bathrooms,
      livingAreaSqft: single(extension?.sqftRange) ?? property.livingAreaSqft,
      description: stringAt(rental.about, 'description') ?? stringAt(extension, 'description'),
      photos: nonEmpty(
        rentalPhotos(
          rental.rentalId,
          rentalPhotoRanges(recordAt(rental.home, 'homeData'), data.rentalMedia),
        ),
      ),
      ...firstFacts(
        factsFromRental(data.rentalAmenities, data.rentalFees),
        factsFromAmenities(amenities),
      ),
      broker: contact(stringAt(rental.about, 'managementCompany', 'name'), undefined),
      dateAvailable: rentalDateAvailable(rental),
    }
  }

  const status =
    statusFromRedfinText(stringAt(above, 'status', 'displayValue') ?? '') ??
    statusFromRedfinText(stringAt(main, 'mlsStatusDisplay', 'displayValue') ?? '') ??
    statusFromRedfinText(stringAt(above, 'homeStatusLabel') ?? '')
  const photos = galleryPhotos(arrayAt(media, 'photos') ?? [])
  return {
    ...property,
    sourceId: listingId,
    price: numberAt(above, 'priceInfo', 'amount') ?? numberAt(above, 'latestPriceInfo', 'amount'),
    status,
    soldDate: status === 'sold' ? soldDate(above, media) : undefined,
    description: remarks(main),
    photos: nonEmpty(
      photos.length > 0 ? photos : largestPhotoUrls([stringAt(above, 'primaryPhotoUrl')]),
    ),
    ...firstFacts(factsFromAmenities(amenities), factsFromKeyFacts(main?.selectedAmenities)),
    ...agentAndBroker(main, amenities, amenitiesInfo),
  }
}
