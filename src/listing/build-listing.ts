import { isListingPhotoUrl } from '../../api/listing-sources.ts'
import type { ListingContact, ListingSource, NormalizedListing } from '../../api/schemas/listing.ts'
import { cleanDescription, cleanInlineText, truncateText } from './clean-text.ts'
import { LISTING_LIMITS } from './listing-limits.ts'
import { firstHint, type ListingHints } from './listing-hints.ts'

export interface BuildListingInput {
  source: ListingSource
  sourceId: string
  /** The page's URL without query or fragment. */
  url: string
  /** Most trusted first. */
  hints: readonly ListingHints[]
}

const STATE = /^[A-Z]{2}$/
const ZIP = /^\d{5}(-\d{4})?$/

/** A real calendar day, `YYYY-MM-DD`: what the contract's dates accept. */
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const day = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text)
}

function inRange(min: number, max: number) {
  return (value: number) => Number.isFinite(value) && value >= min && value <= max
}

function isHttpsUrl(url: string): boolean {
  return url.length <= LISTING_LIMITS.urlMaxLength && /^https:\/\/[^\s/]+\/\S*$/.test(url)
}

/** Trimmed, non-empty, de-duplicated (case-insensitive), each and all within the limits. */
export function tidyFactList(items: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const item of items) {
    const text = truncateText(cleanInlineText(item), LISTING_LIMITS.factMaxLength)
    const key = text.toLowerCase()
    if (text === '' || seen.has(key)) continue
    seen.add(key)
    out.push(text)
    if (out.length === LISTING_LIMITS.maxFactsPerList) break
  }
  return out
}

function tidyContact(contact: ListingContact | undefined): ListingContact | null {
  if (!contact) return null
  const name = truncateText(cleanInlineText(contact.name), LISTING_LIMITS.nameMaxLength)
  if (name === '') return null
  const phone = contact.phone ? cleanInlineText(contact.phone) : ''
  return phone !== '' && phone.length <= LISTING_LIMITS.phoneMaxLength ? { name, phone } : { name }
}

/** The source's own photos only: the worker downloads from its photo hosts and nowhere else. */
function tidyPhotos(source: ListingSource, photos: readonly string[]): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  for (const url of photos) {
    if (!isHttpsUrl(url) || !isListingPhotoUrl(url, source) || seen.has(url)) continue
    seen.add(url)
    out.push(url)
    if (out.length === LISTING_LIMITS.maxPhotos) break
  }
  return out
}

/**
 * Merges what the page's sources say into the normalized listing, every field within the
 * contract's limits. `null` when the page does not say where the home is (street, city, state).
 */
export function buildListing({
  source,
  sourceId,
  url,
  hints,
}: BuildListingInput): NormalizedListing | null {
  const street = firstHint(hints, 'street', (s) => cleanInlineText(s) !== '')
  const city = firstHint(hints, 'city', (s) => cleanInlineText(s) !== '')
  const state = firstHint(hints, 'state', (s) => STATE.test(s.trim().toUpperCase()))
  if (street === undefined || city === undefined || state === undefined) return null

  const zip = firstHint(hints, 'zip', (s) => ZIP.test(s.trim()))
  const bedrooms =
    firstHint(hints, 'bedrooms', (n) => Number.isInteger(n) && n >= 0 && n <= 100) ??
    firstHint(hints, 'roomCount', (n) => Number.isInteger(n) && n >= 0 && n <= 100)
  const bathrooms = firstHint(hints, 'bathrooms', inRange(0, 100))
  const livingArea = firstHint(hints, 'livingAreaSqft', inRange(1, 10_000_000))
  const lotSize = firstHint(hints, 'lotSizeSqft', inRange(1, 10_000_000_000))
  const yearBuilt = firstHint(
    hints,
    'yearBuilt',
    (n) => Number.isInteger(n) && n >= 1600 && n <= 2100,
  )
  const price = firstHint(hints, 'price', inRange(1, 10_000_000_000))

  let description: string | null = null
  for (const h of hints) {
    if (h.description === undefined) continue
    description = cleanDescription(h.description, LISTING_LIMITS.descriptionMaxLength)
    if (description !== null) break
  }

  const photos = tidyPhotos(
    source,
    firstHint(hints, 'photos', (list) => tidyPhotos(source, list).length > 0) ?? [],
  )
  const laundry = firstHint(hints, 'laundry', (s) => cleanInlineText(s) !== '')
  const status = firstHint(hints, 'status') ?? 'unknown'

  return {
    source,
    source_id: sourceId,
    url,
    address: {
      street: truncateText(cleanInlineText(street), LISTING_LIMITS.streetMaxLength),
      city: truncateText(cleanInlineText(city), LISTING_LIMITS.cityMaxLength),
      state: state.trim().toUpperCase(),
      zip: zip?.trim() ?? null,
    },
    price: price ?? null,
    listing_status: status,
    home_type: firstHint(hints, 'homeType') ?? 'other',
    bedrooms: bedrooms ?? null,
    bathrooms: bathrooms ?? null,
    living_area_sqft: livingArea === undefined ? null : Math.round(livingArea),
    lot_size_sqft: lotSize === undefined ? null : Math.round(lotSize),
    year_built: yearBuilt ?? null,
    description,
    photos,
    facts: {
      heating: tidyFactList(firstHint(hints, 'heating') ?? []),
      cooling: tidyFactList(firstHint(hints, 'cooling') ?? []),
      laundry:
        laundry === undefined
          ? null
          : truncateText(cleanInlineText(laundry), LISTING_LIMITS.laundryMaxLength),
      parking: tidyFactList(firstHint(hints, 'parking') ?? []),
    },
    listing_agent: tidyContact(firstHint(hints, 'agent')),
    broker: tidyContact(firstHint(hints, 'broker')),
    date_available:
      status === 'for_rent' ? (firstHint(hints, 'dateAvailable', isCalendarDay) ?? null) : null,
    // Pages keep the last sale's date on homes for sale again: it means something only when sold.
    sold_date: status === 'sold' ? (firstHint(hints, 'soldDate', isCalendarDay) ?? null) : null,
  }
}
