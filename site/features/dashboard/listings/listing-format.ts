import { LISTING_SOURCE_SITES, type ListingSource } from '../../../../api/listing-sources.ts'
import type { ListingType, StoredListingPermission } from '../../../../api/schemas/listings.ts'
import { formatCount, formatDate, formatWholeUsd } from '../format.ts'

/** How the Listings page shows a listing's facts; '—' for one the listing page did not show. */

export const MISSING = '—'

/** "$450,000" for sale, "$2,400/mo" for rent. */
export function formatListingPrice(price: number | null, type: ListingType): string {
  if (price === null) return MISSING
  return type === 'rent' ? `${formatWholeUsd(price)}/mo` : formatWholeUsd(price)
}

/** "3 bd · 2.5 ba · 1,850 sqft", or what is known of it. */
export function formatListingFacts(
  beds: number | null,
  baths: number | null,
  sqft: number | null,
): string {
  const parts = [
    beds === null ? null : `${beds} bd`,
    baths === null ? null : `${baths} ba`,
    sqft === null ? null : `${formatCount(sqft)} sqft`,
  ].filter((part) => part !== null)
  return parts.length ? parts.join(' · ') : MISSING
}

export function sourceName(source: ListingSource): string {
  return LISTING_SOURCE_SITES[source].name
}

/**
 * Whose listing, as the agent answered when converting it: "Your listing", or the brokerage whose
 * permission they confirmed, when, and the listing agent the page named. Null for conversions
 * stored before the question was asked.
 */
export function permissionText(permission: StoredListingPermission | null): string | null {
  if (!permission) return null
  if (permission.basis === 'own_listing') return 'Your listing'
  const brokerage = permission.brokerage?.trim() || 'the listing brokerage'
  const confirmed = `Permission from ${brokerage} confirmed ${formatDate(permission.confirmed_at)}`
  const agent = permission.listing_agent?.trim()
  return agent ? `${confirmed}; listed by ${agent}` : confirmed
}
