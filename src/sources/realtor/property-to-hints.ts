import type { ListingContact, ListingStatus } from '../../../api/schemas/listing.ts'
import { homeTypeFromText } from '../../listing/home-type.ts'
import {
  arrayAt,
  isRecord,
  numberAt,
  recordAt,
  stringAt,
  stringsAt,
  valueAt,
  type JsonRecord,
} from '../../listing/json-value.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { statusFromText } from '../../listing/listing-status.ts'
import { factsFromFeatureGroups, type FeatureGroup } from './read-feature-groups.ts'
import { galleryPhotoUrls } from './realtor-photos.ts'
import { normalizeRealtorId } from './realtor-url.ts'
import { calendarDayFromText } from '../../listing/calendar-day.ts'
import { formatPhone } from './realtor-values.ts'

/**
 * Everything Realtor.com's property object (`propertyDetails` of its page data, any generation)
 * says about the listing: `location.address`, `description` (beds, baths, areas, type, remarks),
 * `status` and `flags`, prices, `photos`, `details` (the MLS facts by category) and who lists it
 * (`advertisers`, `source.agents`, `consumer_advertisers`, `branding`).
 */

function flag(property: JsonRecord, name: string): boolean {
  return valueAt(property, 'flags', name) === true
}

/**
 * `status` is `for_sale`, `ready_to_build`, `for_rent`, `sold` or `off_market`; pending, contingent
 * and coming-soon homes are `for_sale` with a flag. A rental stays `for_rent` whatever its flags:
 * a pending application does not make it a home for sale.
 */
function statusOfProperty(property: JsonRecord): ListingStatus | undefined {
  const status = stringAt(property, 'status')?.toLowerCase()
  if (status === 'for_rent' || (status === undefined && flag(property, 'is_for_rent'))) {
    return 'for_rent'
  }
  if (status === 'sold' || status === 'off_market') return status
  if (status === undefined || status === 'for_sale' || status === 'ready_to_build') {
    if (flag(property, 'is_coming_soon')) return 'coming_soon'
    if (flag(property, 'is_pending') || flag(property, 'is_contingent')) return 'pending'
    if (status !== undefined) return 'for_sale'
    return undefined
  }
  return statusFromText(status)
}

function price(property: JsonRecord, status: ListingStatus | undefined): number | undefined {
  const list = numberAt(property, 'list_price') ?? numberAt(property, 'price')
  if (status === 'sold') return numberAt(property, 'last_sold_price') ?? list
  // Rental communities give a range; the page leads with its lower end.
  if (status === 'for_rent') return list ?? numberAt(property, 'list_price_min')
  return list
}

function address(property: JsonRecord): Pick<ListingHints, 'street' | 'city' | 'state' | 'zip'> {
  const a = recordAt(property, 'location', 'address') ?? recordAt(property, 'address')
  let street = stringAt(a, 'line')
  const unit = stringAt(a, 'unit')
  if (
    street !== undefined &&
    unit !== undefined &&
    !street.toLowerCase().includes(unit.toLowerCase())
  ) {
    street = `${street} ${unit}`
  }
  return {
    street,
    city: stringAt(a, 'city'),
    state: stringAt(a, 'state_code'),
    zip: stringAt(a, 'postal_code'),
  }
}

/** "2.5" (or "4.5+") as the page prints it; else full and partial baths added up. */
function bathrooms(description: JsonRecord | undefined): number | undefined {
  const consolidated = valueAt(description, 'baths_consolidated')
  if (typeof consolidated === 'number' && Number.isFinite(consolidated)) return consolidated
  if (typeof consolidated === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)/.exec(consolidated)
    if (match) return Number(match[1])
  }
  const full = numberAt(description, 'baths_full') ?? numberAt(description, 'baths_full_calc')
  const half = numberAt(description, 'baths_half') ?? numberAt(description, 'baths_partial_calc')
  const threeQuarter = numberAt(description, 'baths_3qtr')
  const quarter = numberAt(description, 'baths_1qtr')
  if ([full, half, threeQuarter, quarter].some((n) => n !== undefined)) {
    return (full ?? 0) + (threeQuarter ?? 0) + ((half ?? 0) + (quarter ?? 0)) * 0.5
  }
  // `baths` counts a half bath as a whole one (2 full + 1 half = 3): the last resort.
  return numberAt(description, 'baths_total') ?? numberAt(description, 'baths')
}

function photoUrls(property: JsonRecord): string[] {
  const urls: string[] = []
  for (const photo of arrayAt(property, 'photos') ?? []) {
    const url =
      typeof photo === 'string' ? photo : (stringAt(photo, 'href') ?? stringAt(photo, 'url'))
    if (url !== undefined) urls.push(url)
  }
  if (urls.length === 0) {
    const primary = stringAt(property, 'primary_photo', 'href')
    if (primary !== undefined) urls.push(primary)
  }
  return galleryPhotoUrls(urls)
}

function featureGroups(property: JsonRecord): FeatureGroup[] {
  const groups: FeatureGroup[] = []
  for (const entry of arrayAt(property, 'details') ?? []) {
    const category = stringAt(entry, 'category')
    if (category !== undefined) groups.push({ category, items: stringsAt(entry, 'text') })
  }
  return groups
}

function contact(name: string | undefined, phone: string | undefined): ListingContact | undefined {
  if (name === undefined) return undefined
  return phone === undefined ? { name } : { name, phone: formatPhone(phone) }
}

/** The primary number of a `phones` list, else its first. */
function phoneOf(phones: unknown): string | undefined {
  const list: unknown[] = Array.isArray(phones) ? phones : []
  const primary = list.find((p) => valueAt(p, 'primary') === true && stringAt(p, 'number'))
  return stringAt(primary, 'number') ?? list.map((p) => stringAt(p, 'number')).find(Boolean)
}

/** Records of a list that speak for the seller or landlord, not a buyer's agent. */
function listingSide(list: unknown[] | undefined): JsonRecord[] {
  return (list ?? []).filter(
    (item): item is JsonRecord =>
      isRecord(item) && stringAt(item, 'type')?.toLowerCase() !== 'buyer',
  )
}

function byType(list: unknown[] | undefined, type: string): JsonRecord | undefined {
  return (list ?? []).find(
    (item): item is JsonRecord =>
      isRecord(item) &&
      stringAt(item, 'type')?.toLowerCase() === type &&
      stringAt(item, 'name') !== undefined,
  )
}

function agentOf(property: JsonRecord): ListingContact | undefined {
  for (const advertiser of listingSide(arrayAt(property, 'advertisers'))) {
    const found = contact(stringAt(advertiser, 'name'), phoneOf(advertiser.phones))
    if (found) return found
  }
  for (const agent of listingSide(arrayAt(property, 'source', 'agents'))) {
    const found = contact(stringAt(agent, 'agent_name'), stringAt(agent, 'agent_phone'))
    if (found) return found
  }
  for (const list of [arrayAt(property, 'consumer_advertisers'), arrayAt(property, 'branding')]) {
    const agent = byType(list, 'agent')
    if (agent) return contact(stringAt(agent, 'name'), stringAt(agent, 'phone'))
  }
  return undefined
}

function brokerOf(property: JsonRecord): ListingContact | undefined {
  for (const advertiser of listingSide(arrayAt(property, 'advertisers'))) {
    const office = recordAt(advertiser, 'office')
    const found =
      contact(stringAt(office, 'name'), phoneOf(office?.phones)) ??
      contact(stringAt(advertiser, 'broker', 'name'), undefined)
    if (found) return found
  }
  for (const list of [arrayAt(property, 'consumer_advertisers'), arrayAt(property, 'branding')]) {
    const office = byType(list, 'office')
    if (office) return contact(stringAt(office, 'name'), stringAt(office, 'phone'))
  }
  for (const agent of listingSide(arrayAt(property, 'source', 'agents'))) {
    const found = contact(stringAt(agent, 'office_name'), stringAt(agent, 'office_phone'))
    if (found) return found
  }
  return undefined
}

/** A rental's move-in day: an availability field when the data has one, else the MLS facts' line. */
function dateAvailable(property: JsonRecord, fromFacts: string | undefined): string | undefined {
  for (const key of ['available_date', 'availability_date', 'date_available', 'move_in_date']) {
    // `move_in_date` is also the lead form's settings object ({default_date, …}): not a date.
    const day = calendarDayFromText(stringAt(property, key))
    if (day !== undefined) return day
  }
  return calendarDayFromText(fromFacts)
}

/** `description.heating` and the like: a list, or one comma-separated string. */
function textList(record: JsonRecord | undefined, key: string): string[] {
  const text = stringAt(record, key)
  return text === undefined ? stringsAt(record, key) : text.split(',').map((s) => s.trim())
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined
}

export function propertyToHints(property: JsonRecord): ListingHints {
  const description = recordAt(property, 'description')
  const status = statusOfProperty(property)
  const facts = factsFromFeatureGroups(featureGroups(property))

  const heating = nonEmpty(facts.heating) ?? nonEmpty(textList(description, 'heating'))
  const cooling = nonEmpty(facts.cooling) ?? nonEmpty(textList(description, 'cooling'))
  const garage = numberAt(description, 'garage') ?? 0
  const parking = nonEmpty(facts.parking) ?? (garage > 0 ? [`Garage Spaces: ${garage}`] : undefined)

  return {
    sourceId: normalizeRealtorId(property.property_id) ?? undefined,
    ...address(property),
    price: price(property, status),
    status,
    homeType:
      homeTypeFromText(stringAt(description, 'sub_type')) ??
      homeTypeFromText(stringAt(description, 'type')) ??
      homeTypeFromText(facts.propertyType),
    bedrooms: numberAt(description, 'beds'),
    bathrooms: bathrooms(description),
    livingAreaSqft: numberAt(description, 'sqft'),
    lotSizeSqft: numberAt(description, 'lot_sqft'),
    yearBuilt: numberAt(description, 'year_built'),
    description: stringAt(description, 'text'),
    photos: nonEmpty(photoUrls(property)),
    heating,
    cooling,
    laundry: facts.laundry.length > 0 ? facts.laundry.join(', ') : undefined,
    parking,
    agent: agentOf(property),
    broker: brokerOf(property),
    dateAvailable: dateAvailable(property, facts.availability),
    soldDate: calendarDayFromText(stringAt(property, 'last_sold_date')),
  }
}
