import {
  arrayAt,
  isRecord,
  parseJson,
  recordAt,
  stringAt,
  valueAt,
  type JsonRecord,
} from '../../listing/json-value.ts'

/**
 * Where a Redfin detail page keeps its facts: an inline script assigns
 * `root.__reactServerState.InitialContext = {…}`, whose `ReactServerAgent.cache.dataCache` maps each
 * API call the server made (`/stingray/api/home/details/aboveTheFold`, `…/belowTheFold`,
 * `/stingray/api/v1/rentals/<id>/about`, …) to `{res: {text}}`: the answer as text, `{}&&`
 * before the JSON for the `stingray/api/home` calls, whose facts are under `payload`.
 *
 * The calls and their paths change between page generations, so no answer is picked by its path:
 * each is parsed once and kept by its shape (an `addressSectionInfo`, a `mainHouseInfo`, a rental's
 * `unitTypesByBedroom`…). Which home a kept answer is about is decided where it is read.
 */
export interface RedfinData {
  /** The page's ids (`initialInfo`: `{propertyId, listingId, pageType}`). */
  initialInfo?: JsonRecord
  /** The rental page's route (`{propertyId, rentalId, pageType, rentalStatus}`). */
  rentalRoute?: JsonRecord
  /** `{addressSectionInfo, mediaBrowserInfo}`: address, price, status, facts, gallery. */
  aboveTheFold?: JsonRecord
  /** The `mainHouseInfo` object: remarks, listing agents, key facts. */
  mainHouseInfo?: JsonRecord
  /** `{amenitiesInfo, publicRecordsInfo, …}`: the property details groups. */
  belowTheFold?: JsonRecord
  /** Rental home cards (`{homeData, rentalExtension}`) of answers that name the listing. */
  rentalHomes: JsonRecord[]
  /** Rental answers that name their rental: `about`, `floorPlans`. */
  rentalAbout: JsonRecord[]
  rentalFloorPlans: JsonRecord[]
  /** A rental's amenity lists, fees and policies (parking) and media (photo ranges). */
  rentalAmenities?: JsonRecord
  rentalFees?: JsonRecord
  rentalMedia?: JsonRecord
}

const ASSIGNMENT = '__reactServerState.InitialContext'

/** The JSON object literal starting at `start`, or `undefined`. */
function objectLiteralAt(text: string, start: number): unknown {
  if (text.charCodeAt(start) !== 0x7b /* { */) return undefined
  // Served as one line: JSON text has no raw line breaks, so the line is the whole object.
  const lineEnd = text.indexOf('\n', start)
  const line = text.slice(start, lineEnd === -1 ? undefined : lineEnd).trimEnd()
  const parsed = parseJson(line.endsWith(';') ? line.slice(0, -1) : line)
  if (parsed !== undefined) return parsed
  const end = matchingBrace(text, start)
  return end === -1 ? undefined : parseJson(text.slice(start, end + 1))
}

/** Index of the `}` closing the object opened at `start` (strings skipped), or -1. */
function matchingBrace(text: string, start: number): number {
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c /* \ */) i++
      else if (c === 0x22 /* " */) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b) depth++
    else if (c === 0x7d && --depth === 0) return i
  }
  return -1
}

function initialContext(scripts: Iterable<Element>): unknown {
  for (const script of scripts) {
    if (script.hasAttribute('src')) continue
    const text = script.textContent
    const at = text.indexOf(ASSIGNMENT)
    if (at === -1) continue
    const match = /^\s*=\s*/.exec(text.slice(at + ASSIGNMENT.length, at + ASSIGNMENT.length + 16))
    if (!match) continue
    return objectLiteralAt(text, at + ASSIGNMENT.length + match[0].length)
  }
  return undefined
}

/** The `dataCache` record: under `ReactServerAgent.cache` today, looked for one level down. */
function dataCacheOf(context: unknown): JsonRecord | undefined {
  if (!isRecord(context)) return undefined
  const direct = recordAt(context, 'dataCache')
  if (direct) return direct
  for (const value of Object.values(context)) {
    const cache = recordAt(value, 'dataCache')
    if (cache) return cache
  }
  return undefined
}

/**
 * Keys the shapes kept below need: an answer whose text has none of them is not parsed (similar
 * homes, schools, maps, flags: over half of the cache). Lists of rental cards are parsed only
 * when they name this home: the others are nearby rentals. One regular expression per text: it
 * costs less than parsing, and less than looking for each key on its own.
 */
const PAGE_KEYS =
  /"(?:addressSectionInfo|mediaBrowserInfo|mainHouseInfo|amenitiesInfo|publicRecordsInfo|pageType|unitTypesByBedroom|unitAmenities|communityAmenities|otherAmenities|parkingTypes)"/
const RENTAL_KEYS = /"(?:rentalId|startPos)"/

function mayBeWanted(text: string, listingId: string): boolean {
  if (PAGE_KEYS.test(text)) return true
  if (!RENTAL_KEYS.test(text)) return false
  return !text.includes('"homeData"') || text.includes(listingId)
}

/** One answer's facts: the `payload` of a `{}&&{…}` answer, else the whole answer. */
function answerBody(entry: unknown, listingId: string): unknown {
  const res = recordAt(entry, 'res')
  if (!res) return undefined
  let answer: unknown = res.body
  if (typeof res.text === 'string' && res.text !== '') {
    const text = res.text
    if (!mayBeWanted(text, listingId)) return undefined
    answer = parseJson(text.replace(/^\s*\{\}&&/, ''))
  }
  const payload = valueAt(answer, 'payload')
  return isRecord(payload) ? payload : answer
}

function hasArray(body: JsonRecord, ...keys: string[]): boolean {
  return keys.some((key) => Array.isArray(body[key]))
}

function isId(value: unknown): boolean {
  return (typeof value === 'number' && Number.isSafeInteger(value)) || typeof value === 'string'
}

function keepByShape(data: RedfinData, body: unknown): void {
  if (!isRecord(body)) return
  if (isRecord(body.addressSectionInfo) || isRecord(body.mediaBrowserInfo)) {
    data.aboveTheFold ??= body
  }
  if (isRecord(body.mainHouseInfo)) data.mainHouseInfo ??= body.mainHouseInfo
  if (isRecord(body.amenitiesInfo) || isRecord(body.publicRecordsInfo)) data.belowTheFold ??= body

  const homes = arrayAt(body, 'homes') ?? []
  for (const home of homes) {
    if (isRecord(home) && stringAt(home, 'rentalExtension', 'rentalId') !== undefined) {
      data.rentalHomes.push(home)
    }
  }

  const rentalId = stringAt(body, 'rentalId')
  if (isId(body.propertyId) && body.pageType !== undefined) {
    if (rentalId !== undefined) data.rentalRoute ??= body
    else data.initialInfo ??= body
  }
  if (rentalId !== undefined) {
    if (Array.isArray(body.unitTypesByBedroom)) data.rentalFloorPlans.push(body)
    else if (typeof body.description === 'string') data.rentalAbout.push(body)
  }
  if (hasArray(body, 'unitAmenities', 'communityAmenities', 'otherAmenities')) {
    data.rentalAmenities ??= body
  }
  if (hasArray(body, 'parkingTypes')) data.rentalFees ??= body
  const photos = arrayAt(body, 'photos')
  if (photos?.length && isRecord(photos[0]) && 'startPos' in photos[0]) data.rentalMedia ??= body
}

/**
 * What the page's data cache says about the home `listingId` (and the page's own ids, which may
 * name another home), or `null` when the page has no readable cache. `scripts`: the page's script
 * elements, when the caller has them already.
 */
export function findRedfinData(
  doc: Document,
  listingId: string,
  scripts: Iterable<Element> = doc.querySelectorAll('script'),
): RedfinData | null {
  const cache = dataCacheOf(initialContext(scripts))
  if (!cache) return null
  const data: RedfinData = { rentalHomes: [], rentalAbout: [], rentalFloorPlans: [] }
  for (const entry of Object.values(cache)) keepByShape(data, answerBody(entry, listingId))
  return data
}
