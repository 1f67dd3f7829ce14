import type { ListingStatus } from '../../../api/schemas/listing.ts'
import { valueAt } from '../json-value.ts'

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

/** "Status: Active" and the like in older pages' display facts. */
export function statusFromText(text: string): ListingStatus | undefined {
  const t = text.toLowerCase()
  if (/\b(active|for sale)\b/.test(t)) return 'for_sale'
  if (/\bfor rent\b/.test(t)) return 'for_rent'
  if (/\b(pending|contingent|under contract)\b/.test(t)) return 'pending'
  if (/\bcoming soon\b/.test(t)) return 'coming_soon'
  if (/\bsold\b/.test(t)) return 'sold'
  if (/\boff[\s-]*market\b/.test(t)) return 'off_market'
  return undefined
}
