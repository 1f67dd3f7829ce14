import type { HomeType, ListingContact, ListingStatus } from '../../api/schemas/listing.ts'

/**
 * What one source on a page (the embedded property object, JSON-LD, meta tags) says about the
 * listing. Every field is optional: sources are merged in order of trust, the first that has a
 * field wins, so a later source only fills what the earlier ones lack.
 */
export interface ListingHints {
  /** The listing id this source is about, when it says (used to reject stale sources). */
  sourceId?: string
  street?: string
  city?: string
  state?: string
  zip?: string
  price?: number
  status?: ListingStatus
  homeType?: HomeType
  bedrooms?: number
  bathrooms?: number
  livingAreaSqft?: number
  lotSizeSqft?: number
  yearBuilt?: number
  /** Raw remarks; cleaned when the listing is built. */
  description?: string
  photos?: string[]
  heating?: string[]
  cooling?: string[]
  laundry?: string
  parking?: string[]
  agent?: ListingContact
  broker?: ListingContact
  /** A rental's move-in date, `YYYY-MM-DD`. */
  dateAvailable?: string
  /** When a sold home sold, `YYYY-MM-DD`. */
  soldDate?: string
  /**
   * A room count that may stand for bedrooms (Zillow's JSON-LD `numberOfRooms`); used for
   * bedrooms only when no source gives them outright.
   */
  roomCount?: number
}

/** The first defined value of `key` across the sources, in order. */
export function firstHint<K extends keyof ListingHints>(
  sources: readonly ListingHints[],
  key: K,
  accept: (value: NonNullable<ListingHints[K]>) => boolean = () => true,
): NonNullable<ListingHints[K]> | undefined {
  for (const source of sources) {
    const value = source[key]
    if (value === undefined) continue
    if (Array.isArray(value) && value.length === 0) continue
    if (accept(value)) return value
  }
  return undefined
}
