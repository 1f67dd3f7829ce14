import { arrayAt, isRecord, stringAt, stringsAt } from '../../listing/json-value.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'

/**
 * Heating, cooling, laundry and parking from the groups Redfin shows under "Property details"
 * (belowTheFold `amenitiesInfo`), from a rental's amenity lists, and from the key facts beside the
 * remarks. Each MLS names its entries its own way (`HEATING`, `HEATING_TYPE_CODE`, "Heating Fuel
 * Type"; `LAUNDRY`, `LAUNDRY_FEATURES`; `PARKING_FEATURES`, `PARKING_GARAGE`…), so entries are
 * sorted by the words of their name, never by one code.
 */

export type Facts = Pick<ListingHints, 'heating' | 'cooling' | 'laundry' | 'parking'>

const HEATING = /heat|furnace/i
const NOT_HEATING = /water|pool|spa\b/i
const COOLING = /cool|air.?cond|\ba\/c\b|ceiling fan/i
const LAUNDRY = /laundry|(?<!dish)washer|dryer|\bw\/d\b/i
const PARKING = /parking|garage|carport/i

/** "2", "1,557": a count or size, meaningless without its label. */
const NUMBER_ONLY = /^[\d.,\s]+$/
/** What a yes/no entry says when it says nothing more ("Has Cooling", "Yes"). */
const FLAG_ONLY = /^(?:has\b|yes$|no$|true$|false$)/i

export interface AmenityEntry {
  /** Reference code and label together ("HEATING_TYPE_CODE Heating Type"). */
  key: string
  values: string[]
}

/** Every `{referenceName?, amenityName?, amenityValues}` under `amenitiesInfo`, in page order. */
export function amenityEntries(amenitiesInfo: unknown): AmenityEntry[] {
  const out: AmenityEntry[] = []
  const visit = (value: unknown, depth: number) => {
    if (depth > 8) return
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1)
      return
    }
    if (!isRecord(value)) return
    if (Array.isArray(value.amenityValues)) {
      const key = `${stringAt(value, 'referenceName') ?? ''} ${stringAt(value, 'amenityName') ?? ''}`
      out.push({ key: key.trim(), values: stringsAt(value, 'amenityValues') })
      return
    }
    for (const child of Object.values(value)) {
      if (typeof child === 'object' && child !== null) visit(child, depth + 1)
    }
  }
  visit(amenitiesInfo, 0)
  return out
}

/** The values of the entries whose key matches `code` exactly (`LIST_AGENT_FIRST_NAME`). */
export function amenityValue(entries: readonly AmenityEntry[], code: string): string | undefined {
  for (const entry of entries) {
    if (entry.key.split(' ')[0] === code && entry.values[0] !== undefined) return entry.values[0]
  }
  return undefined
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined
}

function isHeating(text: string): boolean {
  return HEATING.test(text) && !NOT_HEATING.test(text)
}

/** The four facts of the "Property details" groups. */
export function factsFromAmenities(entries: readonly AmenityEntry[]): Facts {
  const heating: string[] = []
  const cooling: string[] = []
  const laundry: string[] = []
  const parking: string[] = []
  for (const { key, values } of entries) {
    const isFlag = /(?:_YN|INDICATOR)\b/.test(key)
    const kept = values.filter((v) => !NUMBER_ONLY.test(v) && !(isFlag && FLAG_ONLY.test(v)))
    if (isHeating(key)) heating.push(...kept)
    else if (COOLING.test(key)) cooling.push(...kept)
    else if (LAUNDRY.test(key)) laundry.push(...kept)
    else if (PARKING.test(key)) parking.push(...kept)
  }
  return {
    heating: nonEmpty(heating),
    cooling: nonEmpty(cooling),
    laundry: laundry.length > 0 ? laundry.join(', ') : undefined,
    parking: nonEmpty(parking),
  }
}

/**
 * A rental's own words: its amenity lists (`unitAmenities`, `communityAmenities`,
 * `otherAmenities`: "Air Conditioning", "Washer & Dryer In Unit", "Garage"…) and the parking
 * types of its fees and policies.
 */
export function factsFromRental(amenities: unknown, fees: unknown): Facts {
  const words = [
    ...stringsAt(amenities, 'unitAmenities'),
    ...stringsAt(amenities, 'communityAmenities'),
    ...stringsAt(amenities, 'otherAmenities'),
  ]
  const laundry = words.filter((w) => LAUNDRY.test(w))
  const parkingTypes = (arrayAt(fees, 'parkingTypes') ?? [])
    .map((type) => stringAt(type, 'parkingTypeName'))
    .filter((name): name is string => name !== undefined)
  return {
    heating: nonEmpty(words.filter(isHeating)),
    cooling: nonEmpty(words.filter((w) => COOLING.test(w))),
    laundry: laundry.length > 0 ? laundry.join(', ') : undefined,
    parking: nonEmpty(words.filter((w) => PARKING.test(w))) ?? nonEmpty(parkingTypes),
  }
}

/**
 * The key facts beside the remarks (`selectedAmenities`: `{header: "Laundry", content: "Washer
 * and dryer hookups"}`, "Heating & cooling": "Has A/C", "Parking": "2 car garage").
 */
export function factsFromKeyFacts(selected: unknown): Facts {
  const facts: Facts = {}
  for (const item of Array.isArray(selected) ? selected : []) {
    const header = stringAt(item, 'header') ?? ''
    const content = stringAt(item, 'content')
    if (content === undefined) continue
    if (LAUNDRY.test(header)) facts.laundry ??= content
    else if (PARKING.test(header)) facts.parking ??= [content]
    else if (HEATING.test(header) || COOLING.test(header)) {
      // One line for both: its words say which it is.
      if (COOLING.test(content)) facts.cooling ??= [content]
      else if (HEATING.test(content)) facts.heating ??= [content]
    }
  }
  return facts
}

/** Each fact from the first of `sources` that has it. */
export function firstFacts(...sources: Facts[]): Facts {
  const pick = <K extends keyof Facts>(key: K) => sources.find((s) => s[key] !== undefined)?.[key]
  return {
    heating: pick('heating'),
    cooling: pick('cooling'),
    laundry: pick('laundry'),
    parking: pick('parking'),
  }
}
