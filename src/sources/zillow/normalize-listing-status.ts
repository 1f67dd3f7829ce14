import type { ListingStatus } from '../../../api/schemas/listing.ts'
import { valueAt } from '../../listing/json-value.ts'

const ZILLOW_STATUSES: Record<string, ListingStatus> = {
  FOR_SALE: 'for_sale',
  FOR_RENT: 'for_rent',
  PENDING: 'pending',
  COMING_SOON: 'coming_soon',
  RECENTLY_SOLD: 'sold',
  SOLD: 'sold',
  OTHER: 'off_market',
  OFF_MARKET: 'off_market',
}

/**
 * Zillow's `homeStatus`, refined by the listing sub-type flags (a FOR_SALE home flagged pending or
 * coming soon says so). Both spellings of the flags exist: `listingSubType.isPending` and the
 * older `listing_sub_type.is_pending`.
 */
export function statusFromZillow(property: unknown): ListingStatus | undefined {
  const raw = valueAt(property, 'homeStatus')
  if (typeof raw !== 'string' || raw.trim() === '') return undefined
  const status = ZILLOW_STATUSES[raw.trim().toUpperCase()] ?? 'unknown'
  if (status !== 'for_sale') return status
  const flag = (camel: string, snake: string) =>
    valueAt(property, 'listingSubType', camel) === true ||
    valueAt(property, 'listing_sub_type', snake) === true
  if (flag('isPending', 'is_pending')) return 'pending'
  if (flag('isComingSoon', 'is_comingSoon')) return 'coming_soon'
  return status
}
